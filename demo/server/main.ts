import { startSimulator } from './core/simulator.js';

const port = Number(process.env.SPORTELLO_SIM_PORT ?? 8790);
const host = process.env.SPORTELLO_SIM_HOST ?? '127.0.0.1';
const demoPort = Number(process.env.SPORTELLO_DEMO_PORT ?? 8780);
const extraOrigins = (process.env.SPORTELLO_SIM_ORIGINS ?? '')
  .split(',')
  .map((o) => o.trim())
  .filter(Boolean);

const sim = await startSimulator({
  port,
  host,
  paceMs: Number(process.env.SPORTELLO_SIM_PACE_MS ?? 30),
  allowedOrigins: [`http://localhost:${demoPort}`, `http://127.0.0.1:${demoPort}`, ...extraOrigins],
});

const u = sim.url;
console.log(`Sportello simulator listening on ${u}
  AI service        ${u}/ai/api/v2          (X-Api-Key: spk_demo, X-Source-App: api_direct)
  Signing service   ${u}/sign/api/v2        (X-SignToken: demo-sign-token, X-SignUser: demo)
  Help desk         ${u}/desk               (Bearer token from the identity provider)
  Live chat         ${u}/chat               (X-ChatToken: demo-chat-token; STOMP at ws://${u.slice(7)}/chat/websocket)
  Identity provider ${u}/auth/realms/sportello/protocol/openid-connect/token  (client sportello-demo / demo-secret)
  Fault injection   ${u}/__sim/faults`);

const stop = async () => {
  await sim.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
