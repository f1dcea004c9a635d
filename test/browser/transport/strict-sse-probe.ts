// Loaded into the strict page (strict-page.test.ts): streams one AI answer with the page's own
// copy of the kit, and says which path read it (the stream worker, or the main thread).
import { AiClient } from '../../../src/services/ai.js';
import { sseWorkerState } from '../../../src/transport/sse.js';

async function streamOnce(endpoint: string): Promise<{
  kinds: string[];
  types: string[];
  streams: number;
  status: string;
  reason?: string;
  error?: { kind: string; code: string };
}> {
  const client = new AiClient({ endpoint, apiKey: 'spk_demo', sourceApp: 'api_direct' });
  const before = sseWorkerState().streams;
  const kinds: string[] = [];
  const types: string[] = [];
  let error: { kind: string; code: string } | undefined;
  try {
    for await (const batch of client.streamChatBatches({ message: 'bench:2k/20', agent_id: 1 })) {
      for (const item of batch) {
        kinds.push(item.kind);
        if (item.kind === 'event') types.push(item.data.type);
      }
    }
  } catch (thrown) {
    const e = thrown as { kind?: string; code?: string };
    error = { kind: String(e.kind), code: String(e.code) };
  }
  const state = sseWorkerState();
  return {
    kinds,
    types,
    streams: state.streams - before,
    status: state.status,
    ...(state.reason !== undefined ? { reason: state.reason } : {}),
    ...(error ? { error } : {}),
  };
}

(window as unknown as { __sportelloSseProbe: typeof streamOnce }).__sportelloSseProbe = streamOnce;
