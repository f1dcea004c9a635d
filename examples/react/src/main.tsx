import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { SportelloAiChat, SportelloDeskForm, SportelloLiveChat } from 'sportello/react';

// Where the services are: the simulator (`npm run sim`) unless `?sim=` says otherwise.
const sim = new URLSearchParams(location.search).get('sim') ?? 'http://127.0.0.1:8790';

// Development shortcut against the simulator's identity provider. A real portal asks its own
// backend for the visitor's token (or points `endpoint` at the Sportello gateway).
async function deskToken(): Promise<string> {
  const body = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: 'sportello-demo',
    client_secret: 'demo-secret',
  });
  const response = await fetch(`${sim}/auth/realms/sportello/protocol/openid-connect/token`, { method: 'POST', body });
  return ((await response.json()) as { access_token: string }).access_token;
}

function App() {
  const [answers, setAnswers] = useState(0);
  const [created, setCreated] = useState<number>();
  const [chatId, setChatId] = useState<number | string>();
  return (
    <main>
      <h1>Sportello in React</h1>
      <SportelloAiChat
        endpoint={`${sim}/ai/api/v2`}
        agentId={1}
        apiKey="spk_demo"
        onAiMessage={(e) => {
          if (e.detail.role === 'assistant') setAnswers((n) => n + 1);
        }}
      />
      <p id="answers">{answers} answers</p>
      <SportelloDeskForm
        endpoint={`${sim}/desk`}
        catalogSrc={`${sim}/desk/__catalog.json`}
        userId="501"
        noDraft
        tokenProvider={deskToken}
        onRequestCreated={(e) => setCreated(e.detail.idRichiesta)}
      />
      {created !== undefined && <p id="created">Request {created} created</p>}
      {/* The wrapper sets every prop as a property once the element is in the page, as React does. */}
      <SportelloLiveChat
        mode="inline"
        widgetKey="demo"
        endpoint={`${sim}/chat`}
        reportNavigation={false}
        onChatStarted={(e) => setChatId(e.detail.idChat)}
      />
      {chatId !== undefined && <p id="started">Chat {chatId} started</p>}
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
