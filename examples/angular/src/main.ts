import { bootstrapApplication } from '@angular/platform-browser';
import { provideZonelessChangeDetection } from '@angular/core';
import 'sportello/live-chat.js'; // defines <sportello-live-chat>
import { AppComponent } from './app/app.component';

bootstrapApplication(AppComponent, { providers: [provideZonelessChangeDetection()] }).catch((error: unknown) =>
  console.error(error),
);
