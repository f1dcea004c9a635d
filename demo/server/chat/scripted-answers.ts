/**
 * What the scripted operator and the bot say: deterministic texts in the chat's language, chosen by
 * keywords of the visitor's message so a demo conversation makes sense and tests can rely on them.
 */
import type { Attachment, QuickReply } from './chat-store.js';
import type { Language } from './seed.js';

export function greeting(lang: Language, name: string, nickname: string): string {
  return lang === 'it'
    ? `Ciao ${name}, sono ${nickname}. Come posso aiutarti?`
    : `Hi ${name}, I'm ${nickname}. How can I help you?`;
}

const snippet = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}…` : text);

/** The scripted operator's answer to a visitor message. */
export function operatorAnswer(lang: Language, text: string, attachments: Attachment[]): string {
  const t = text.toLowerCase();
  const it = lang === 'it';
  if (attachments.length > 0) {
    const names = attachments.map((a) => a.name).join(', ');
    return it
      ? `Ho ricevuto ${attachments.length === 1 ? 'il file' : 'i file'} «${names}». Lo controllo subito.`
      : `I received ${attachments.length === 1 ? 'the file' : 'the files'} "${names}". I'll check it right away.`;
  }
  if (/\b(grazie|thanks?|thank you)\b/.test(t))
    return it ? 'Prego! C’è altro che posso fare per te?' : 'You’re welcome! Is there anything else I can do for you?';
  if (/\b(orari|orario|aperti|hours|open)\b/.test(t))
    return it ? 'Siamo aperti dal lunedì al venerdì, dalle 9 alle 18.' : 'We are open Monday to Friday, 9 am to 6 pm.';
  if (/(prezz|cost|price|tariff)/.test(t))
    return it
      ? 'Il piano base costa 10 € al mese; il piano completo 25 € al mese.'
      : 'The basic plan costs €10 a month; the full plan €25 a month.';
  if (/^(ciao|salve|buongiorno|buonasera|hello|hi|hey)\b/.test(t)) return it ? 'Ciao! Dimmi pure.' : 'Hello! Go ahead.';
  return it
    ? `Hai scritto: «${snippet(text)}». Verifico e ti rispondo con i dettagli.`
    : `You wrote: "${snippet(text)}". Let me check and get back to you with the details.`;
}

export type BotIntent = 'hours' | 'prices' | 'documents' | 'human' | 'unknown';

export function botQuickReplies(lang: Language): QuickReply[] {
  const it = lang === 'it';
  return [
    { id: 'hours', label: it ? 'Orari di apertura' : 'Opening hours', value: 'hours' },
    { id: 'prices', label: it ? 'Prezzi' : 'Prices', value: 'prices' },
    { id: 'documents', label: it ? 'Documenti necessari' : 'Documents needed', value: 'documents' },
    { id: 'human', label: it ? 'Parla con un operatore' : 'Talk to an operator', value: 'human' },
  ];
}

export function botWelcome(lang: Language, name: string): string {
  return lang === 'it'
    ? `Ciao ${name}! Sono Sportellino, l’assistente automatico. Scegli un argomento o scrivi la tua domanda.`
    : `Hi ${name}! I'm Sportellino, the automatic assistant. Pick a topic or type your question.`;
}

/** Which intent a visitor message (or picked quick reply) asks for. */
export function botIntent(lang: Language, text: string, quickReply: string | undefined): BotIntent {
  const choices = botQuickReplies(lang);
  const pick = (quickReply ?? '').trim().toLowerCase();
  const byReply = choices.find((q) => q.value === pick || q.id === pick);
  if (byReply) return byReply.value as BotIntent;
  const t = text.trim().toLowerCase();
  const byLabel = choices.find((q) => q.label.toLowerCase() === t || q.value === t);
  if (byLabel) return byLabel.value as BotIntent;
  if (/(operator|umano|human|persona|person|agent)/.test(t)) return 'human';
  if (/(orari|orario|hours|open|apert)/.test(t)) return 'hours';
  if (/(prezz|cost|price|tariff)/.test(t)) return 'prices';
  if (/(document|modul|form)/.test(t)) return 'documents';
  return 'unknown';
}

export function botAnswer(lang: Language, intent: BotIntent): string {
  const it = lang === 'it';
  switch (intent) {
    case 'hours':
      return it
        ? 'Gli operatori rispondono dal lunedì al venerdì, dalle 9 alle 18.'
        : 'Operators answer Monday to Friday, 9 am to 6 pm.';
    case 'prices':
      return it
        ? 'Il piano base costa 10 € al mese; il piano completo 25 € al mese.'
        : 'The basic plan costs €10 a month; the full plan €25 a month.';
    case 'documents':
      return it
        ? // Markdown, as operators and bots write it (the widget renders a restricted set).
          'Servono:\n- un **documento d’identità** valido\n- il *codice fiscale*\n\nTutti i dettagli: [documenti necessari](https://example.com/documenti)'
        : 'You need:\n- a valid **identity document**\n- your *tax code*\n\nAll the details: [documents needed](https://example.com/documents)';
    case 'human':
      return it
        ? 'Ti passo a un operatore, attendi un momento.'
        : 'I’m handing you over to an operator, please wait a moment.';
    case 'unknown':
      return it
        ? 'Non ho capito. Scegli uno degli argomenti qui sotto oppure chiedi di parlare con un operatore.'
        : 'I didn’t understand. Pick one of the topics below or ask to talk to an operator.';
  }
}
