/**
 * A widget's configuration changed as its owner changes it: through the chat service's own admin
 * API (spec §4.3: `GET /api/widget/`, `PUT /api/widget/` with `configuration` as a JSON string).
 */
import { HttpClient } from '../../../src/transport/http.js';
import { chatToken } from '../../../src/transport/auth.js';

const ENV_MODULE = '/__sportello/env.js';
const { SIM_URL } = (await import(/* @vite-ignore */ ENV_MODULE)) as { SIM_URL: string };
const admin = new HttpClient({ service: 'chat', baseUrl: `${SIM_URL}/chat`, auth: chatToken('demo-chat-token') });

/** Merges `patch` into the configuration of the widget `widgetKey` (the simulator's reset restores the seed). */
export async function changeWidget(widgetKey: string, patch: Record<string, unknown>): Promise<void> {
  const widgets =
    await admin.json<Array<{ idChatWidget: number; widgetKey: string; configuration: string }>>('/api/widget/');
  const widget = widgets.find((w) => w.widgetKey === widgetKey);
  if (!widget) throw new Error(`no widget ${widgetKey}`);
  const configuration = { ...(JSON.parse(widget.configuration) as object), ...patch };
  await admin.json('/api/widget/', {
    method: 'PUT',
    json: { idChatWidget: widget.idChatWidget, configuration: JSON.stringify(configuration) },
  });
}
