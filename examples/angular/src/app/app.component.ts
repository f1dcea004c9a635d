import { CUSTOM_ELEMENTS_SCHEMA, Component, signal } from '@angular/core';
import type { ChatIdDetail } from 'sportello';

/**
 * `CUSTOM_ELEMENTS_SCHEMA` lets the template use `sportello-*` tags; `[endpoint]` sets the
 * element's property, `(sportello-chat-started)` listens to its DOM event.
 */
@Component({
  selector: 'app-root',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <main>
      <h1>Sportello in Angular</h1>
      <sportello-live-chat
        widget-key="demo"
        mode="inline"
        report-navigation="false"
        [endpoint]="chatEndpoint"
        (sportello-chat-started)="onStarted($event)"
      ></sportello-live-chat>
      @if (chatId(); as id) {
        <p id="started">Chat {{ id }} started</p>
      }
    </main>
  `,
})
export class AppComponent {
  // Where the services are: the simulator (`npm run sim`) unless `?sim=` says otherwise.
  readonly chatEndpoint = `${new URLSearchParams(location.search).get('sim') ?? 'http://127.0.0.1:8790'}/chat`;
  readonly chatId = signal<number | string | undefined>(undefined);

  onStarted(event: Event): void {
    this.chatId.set((event as CustomEvent<ChatIdDetail>).detail.idChat);
  }
}
