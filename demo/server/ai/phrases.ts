/**
 * What the simulated model says in its own words, in each of the kit's languages: the frame of an
 * answer (greeting, handoff, out of scope, "see also"), its thinking and retrieval steps, and its
 * tools' results. The knowledge it quotes stays in the language it is written in (README).
 */
import type { KbLang, Lang } from './text.js';

export interface Phrases {
  searchingKb: (question: string) => string;
  searching: (file: string) => string;
  found: (n: number) => string;
  questionIs: (question: string) => string;
  bestPassage: (title: string, score: number) => string;
  noPassage: string;
  /** How it answers: its language, markdown, sources. */
  answerHow: string;
  interrupted: string;
  modelStopped: string;
  whoami: (name: string, prompt: string) => string;
  /** `name` is already escaped for markdown, empty when unknown. */
  greeting: (name: string) => string;
  handoff: string;
  outOfScope: string;
  reasonAsked: string;
  reasonLowConfidence: string;
  seeAlso: string;
  faqs: string;
  longIntro: string;
  /** Before a passage quoted from the knowledge written in another language. */
  quotedIn: (kb: KbLang) => string;
  notInDocument: (file: string) => string;
  onPage: (page: number) => string;
  documentSays: string;
  page: string;
  lines: (n: number) => string;
  words: (n: number) => string;
  notPdf: string;
  pdfPages: (n: number) => string;
  received: (n: number) => string;
  trackHead: string;
  trackRows: [string, string, string][];
  trackIntro: (code: string) => string;
  notCancelled: (order: string) => string;
  /** A tool the user did not approve; `order` empty when the tool named none. */
  declined: (tool: string, order: string) => string;
  cancelled: (order: string) => string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const it: Phrases = {
  searchingKb: (q) => `Cerco nella base di conoscenza: «${q}»`,
  searching: (file) => `Cerco in ${file}`,
  found: (n) => `Trovati ${n} passaggi pertinenti`,
  questionIs: (q) => `La domanda è: «${q}». `,
  bestPassage: (title, score) => `Il passaggio più pertinente è «${title}» (punteggio ${score}). `,
  noPassage: 'Nessun passaggio supera la soglia di pertinenza. ',
  answerHow: 'Rispondo in italiano, in markdown, citando le fonti.',
  interrupted:
    '### Risposta interrotta\n\nSto preparando la risposta con tutti i dettagli richiesti, ma a metà la generazione si interromperà per simulare un guasto del modello.',
  modelStopped: 'Il modello ha smesso di rispondere (errore simulato)',
  whoami: (name, prompt) =>
    `Sono **${name}**, un assistente virtuale. Le mie istruzioni:\n\n> ${prompt || '(nessuna)'}`,
  greeting: (name) =>
    `Ciao${name ? ` ${name}` : ''}! 👋 Posso aiutarti con **fatture**, **account**, **spedizioni**, **orari**, **firma digitale** e **richieste di assistenza**. Cosa ti serve?`,
  handoff:
    'Certo: ti metto in contatto con un **operatore**. Gli operatori rispondono dal lunedì al venerdì, 8:00-20:00.',
  outOfScope:
    'Mi dispiace, non ho trovato informazioni su questo argomento nella documentazione di **Borgo Servizi**. Posso passarti a un operatore.',
  reasonAsked: "L'utente ha chiesto un operatore",
  reasonLowConfidence: 'Confidenza bassa: domanda fuori ambito',
  seeAlso: 'Vedi anche:',
  faqs: 'Domande frequenti',
  longIntro:
    '# Guida completa ai servizi di Borgo Servizi\n\nEcco una panoramica di tutti i servizi, sezione per sezione.',
  quotedIn: (kb) => `_Dalla documentazione di Borgo Servizi, ${kb === 'en' ? 'in inglese' : 'in italiano'}:_`,
  notInDocument: (file) =>
    `Non ho trovato nulla su questo in **${file}**. Prova con altre parole, o leggi il documento.`,
  onPage: (page) => `A pagina ${page}`,
  documentSays: 'il documento dice',
  page: 'pagina',
  lines: (n) => plural(n, 'riga', 'righe'),
  words: (n) => plural(n, 'parola', 'parole'),
  notPdf: 'attenzione: non sembra un PDF valido',
  pdfPages: (n) => `PDF di ${n} pagine`,
  received: (n) => `Ho ricevuto ${n === 1 ? '1 allegato' : `${n} allegati`}:`,
  trackHead: '| Data | Luogo | Stato |',
  trackRows: [
    ['18/02 09:12', 'Milano Hub', 'Presa in carico'],
    ['18/02 21:40', 'Bologna', 'In transito'],
    ['19/02 08:05', 'Firenze', 'In consegna'],
  ],
  trackIntro: (code) =>
    `### Spedizione \`${code}\`\n\nHo controllato il tracciamento: il pacco è **in consegna oggi**.`,
  notCancelled: (order) =>
    `Va bene, **non ho annullato** l'ordine \`${order}\`: resta confermato. Se cambi idea chiedimelo di nuovo.`,
  declined: (tool, order) =>
    `Va bene, **non ho eseguito** \`${tool}\`${order ? ` e l'ordine \`${order}\` resta confermato` : ''}. Se cambi idea chiedimelo di nuovo.`,
  cancelled: (order) =>
    `### Ordine \`${order}\` annullato\n\n- Stato: **annullato**\n- Rimborso: entro **10 giorni lavorativi** sul metodo di pagamento originale\n- Conferma: inviata per e-mail`,
};

const en: Phrases = {
  searchingKb: (q) => `Searching the knowledge base: "${q}"`,
  searching: (file) => `Searching ${file}`,
  found: (n) => `Found ${n} relevant passages`,
  questionIs: (q) => `The question is: "${q}". `,
  bestPassage: (title, score) => `The most relevant passage is "${title}" (score ${score}). `,
  noPassage: 'No passage passes the relevance threshold. ',
  answerHow: 'I answer in English, in markdown, citing the sources.',
  interrupted:
    '### Interrupted answer\n\nI am preparing the answer with every detail you asked for, but halfway through generation will stop to simulate a model failure.',
  modelStopped: 'The model stopped responding (simulated error)',
  whoami: (name, prompt) => `I am **${name}**, a virtual assistant. My instructions:\n\n> ${prompt || '(none)'}`,
  greeting: (name) =>
    `Hello${name ? ` ${name}` : ''}! 👋 I can help with **invoices**, **your account**, **shipping**, **opening hours**, **digital signature** and **help desk requests**. What do you need?`,
  handoff: 'Sure: I am handing you over to an **operator**. Operators answer Monday to Friday, 8:00-20:00.',
  outOfScope:
    'Sorry, I could not find anything about this in the **Borgo Servizi** documentation. I can hand you over to an operator.',
  reasonAsked: 'The user asked for a human operator',
  reasonLowConfidence: 'Low confidence: out-of-scope question',
  seeAlso: 'See also:',
  faqs: 'Frequently asked questions',
  longIntro: '# Complete guide to Borgo Servizi\n\nHere is an overview of every service, section by section.',
  quotedIn: (kb) => `_From the Borgo Servizi documentation, ${kb === 'en' ? 'in English' : 'in Italian'}:_`,
  notInDocument: (file) => `I could not find this in **${file}**. Try other words, or read the document.`,
  onPage: (page) => `On page ${page}`,
  documentSays: 'the document says',
  page: 'page',
  lines: (n) => plural(n, 'line', 'lines'),
  words: (n) => plural(n, 'word', 'words'),
  notPdf: 'note: this does not look like a valid PDF',
  pdfPages: (n) => `a ${n}-page PDF`,
  received: (n) => `I received ${n === 1 ? '1 attachment' : `${n} attachments`}:`,
  trackHead: '| Date | Place | Status |',
  trackRows: [
    ['18/02 09:12', 'Milan Hub', 'Picked up'],
    ['18/02 21:40', 'Bologna', 'In transit'],
    ['19/02 08:05', 'Florence', 'Out for delivery'],
  ],
  trackIntro: (code) => `### Shipment \`${code}\`\n\nI checked the tracking: the parcel is **out for delivery today**.`,
  notCancelled: (order) =>
    `All right, I **did not cancel** order \`${order}\`: it stays confirmed. Ask me again if you change your mind.`,
  declined: (tool, order) =>
    `All right, I **did not run** \`${tool}\`${order ? ` and order \`${order}\` stays confirmed` : ''}. Ask me again if you change your mind.`,
  cancelled: (order) =>
    `### Order \`${order}\` cancelled\n\n- Status: **cancelled**\n- Refund: within **10 working days** to the original payment method\n- Confirmation: sent by e-mail`,
};

const de: Phrases = {
  searchingKb: (q) => `Ich durchsuche die Wissensdatenbank: „${q}“`,
  searching: (file) => `Ich durchsuche ${file}`,
  found: (n) => `${n} passende Abschnitte gefunden`,
  questionIs: (q) => `Die Frage lautet: „${q}“. `,
  bestPassage: (title, score) => `Der passendste Abschnitt ist „${title}“ (Wert ${score}). `,
  noPassage: 'Kein Abschnitt erreicht die Relevanzschwelle. ',
  answerHow: 'Ich antworte auf Deutsch, in Markdown, mit Quellenangaben.',
  interrupted:
    '### Unterbrochene Antwort\n\nIch bereite die Antwort mit allen gewünschten Details vor, aber auf halbem Weg bricht die Generierung ab, um einen Ausfall des Modells zu simulieren.',
  modelStopped: 'Das Modell antwortet nicht mehr (simulierter Fehler)',
  whoami: (name, prompt) =>
    `Ich bin **${name}**, ein virtueller Assistent. Meine Anweisungen:\n\n> ${prompt || '(keine)'}`,
  greeting: (name) =>
    `Hallo${name ? ` ${name}` : ''}! 👋 Ich helfe Ihnen bei **Rechnungen**, **Ihrem Konto**, **Versand**, **Öffnungszeiten**, **digitaler Unterschrift** und **Supportanfragen**. Was brauchen Sie?`,
  handoff:
    'Gern: Ich verbinde Sie mit einem **Mitarbeiter**. Unsere Mitarbeiter antworten montags bis freitags, 8:00-20:00.',
  outOfScope:
    'Leider habe ich dazu nichts in der Dokumentation von **Borgo Servizi** gefunden. Ich kann Sie an einen Mitarbeiter weiterleiten.',
  reasonAsked: 'Der Nutzer hat nach einem Mitarbeiter gefragt',
  reasonLowConfidence: 'Geringe Sicherheit: Frage außerhalb des Themenbereichs',
  seeAlso: 'Siehe auch:',
  faqs: 'Häufige Fragen',
  longIntro:
    '# Vollständiger Leitfaden zu Borgo Servizi\n\nHier ist ein Überblick über alle Dienste, Abschnitt für Abschnitt.',
  quotedIn: (kb) => `_Aus der Dokumentation von Borgo Servizi, ${kb === 'en' ? 'auf Englisch' : 'auf Italienisch'}:_`,
  notInDocument: (file) =>
    `Dazu habe ich in **${file}** nichts gefunden. Versuchen Sie andere Wörter, oder lesen Sie das Dokument.`,
  onPage: (page) => `Auf Seite ${page}`,
  documentSays: 'steht im Dokument',
  page: 'Seite',
  lines: (n) => plural(n, 'Zeile', 'Zeilen'),
  words: (n) => plural(n, 'Wort', 'Wörter'),
  notPdf: 'Achtung: Das scheint kein gültiges PDF zu sein',
  pdfPages: (n) => `PDF mit ${n} Seiten`,
  received: (n) => `Ich habe ${n === 1 ? '1 Anhang' : `${n} Anhänge`} erhalten:`,
  trackHead: '| Datum | Ort | Status |',
  trackRows: [
    ['18/02 09:12', 'Mailand Hub', 'Übernommen'],
    ['18/02 21:40', 'Bologna', 'Unterwegs'],
    ['19/02 08:05', 'Florenz', 'In Zustellung'],
  ],
  trackIntro: (code) =>
    `### Sendung \`${code}\`\n\nIch habe die Sendungsverfolgung geprüft: Das Paket wird **heute zugestellt**.`,
  notCancelled: (order) =>
    `In Ordnung, ich habe die Bestellung \`${order}\` **nicht storniert**: Sie bleibt bestätigt. Fragen Sie mich einfach erneut, wenn Sie es sich anders überlegen.`,
  declined: (tool, order) =>
    `In Ordnung, ich habe \`${tool}\` **nicht ausgeführt**${order ? `, und die Bestellung \`${order}\` bleibt bestätigt` : ''}. Fragen Sie mich einfach erneut, wenn Sie es sich anders überlegen.`,
  cancelled: (order) =>
    `### Bestellung \`${order}\` storniert\n\n- Status: **storniert**\n- Erstattung: innerhalb von **10 Werktagen** auf die ursprüngliche Zahlungsart\n- Bestätigung: per E-Mail gesendet`,
};

const es: Phrases = {
  searchingKb: (q) => `Busco en la base de conocimiento: «${q}»`,
  searching: (file) => `Busco en ${file}`,
  found: (n) => `Encontrados ${n} pasajes pertinentes`,
  questionIs: (q) => `La pregunta es: «${q}». `,
  bestPassage: (title, score) => `El pasaje más pertinente es «${title}» (puntuación ${score}). `,
  noPassage: 'Ningún pasaje supera el umbral de pertinencia. ',
  answerHow: 'Respondo en español, en markdown, citando las fuentes.',
  interrupted:
    '### Respuesta interrumpida\n\nEstoy preparando la respuesta con todos los detalles que ha pedido, pero a mitad de camino la generación se detendrá para simular un fallo del modelo.',
  modelStopped: 'El modelo ha dejado de responder (error simulado)',
  whoami: (name, prompt) => `Soy **${name}**, un asistente virtual. Mis instrucciones:\n\n> ${prompt || '(ninguna)'}`,
  greeting: (name) =>
    `¡Hola${name ? ` ${name}` : ''}! 👋 Puedo ayudarle con **facturas**, **su cuenta**, **envíos**, **horarios**, **firma digital** y **solicitudes de asistencia**. ¿Qué necesita?`,
  handoff: 'Por supuesto: le paso con un **operador**. Los operadores atienden de lunes a viernes, de 8:00 a 20:00.',
  outOfScope:
    'Lo siento, no he encontrado nada sobre este tema en la documentación de **Borgo Servizi**. Puedo pasarle con un operador.',
  reasonAsked: 'El usuario ha pedido un operador',
  reasonLowConfidence: 'Confianza baja: pregunta fuera de ámbito',
  seeAlso: 'Véase también:',
  faqs: 'Preguntas frecuentes',
  longIntro:
    '# Guía completa de los servicios de Borgo Servizi\n\nAquí tiene un resumen de todos los servicios, sección por sección.',
  quotedIn: (kb) => `_De la documentación de Borgo Servizi, ${kb === 'en' ? 'en inglés' : 'en italiano'}:_`,
  notInDocument: (file) =>
    `No he encontrado nada sobre esto en **${file}**. Pruebe con otras palabras, o lea el documento.`,
  onPage: (page) => `En la página ${page}`,
  documentSays: 'el documento dice',
  page: 'página',
  lines: (n) => plural(n, 'línea', 'líneas'),
  words: (n) => plural(n, 'palabra', 'palabras'),
  notPdf: 'atención: no parece un PDF válido',
  pdfPages: (n) => `PDF de ${n} páginas`,
  received: (n) => `He recibido ${n === 1 ? '1 adjunto' : `${n} adjuntos`}:`,
  trackHead: '| Fecha | Lugar | Estado |',
  trackRows: [
    ['18/02 09:12', 'Milán Hub', 'Recogido'],
    ['18/02 21:40', 'Bolonia', 'En tránsito'],
    ['19/02 08:05', 'Florencia', 'En reparto'],
  ],
  trackIntro: (code) => `### Envío \`${code}\`\n\nHe comprobado el seguimiento: el paquete está **en reparto hoy**.`,
  notCancelled: (order) =>
    `De acuerdo, **no he cancelado** el pedido \`${order}\`: sigue confirmado. Si cambia de idea, vuelva a pedírmelo.`,
  declined: (tool, order) =>
    `De acuerdo, **no he ejecutado** \`${tool}\`${order ? ` y el pedido \`${order}\` sigue confirmado` : ''}. Si cambia de idea, vuelva a pedírmelo.`,
  cancelled: (order) =>
    `### Pedido \`${order}\` cancelado\n\n- Estado: **cancelado**\n- Reembolso: en **10 días laborables** al método de pago original\n- Confirmación: enviada por correo electrónico`,
};

const fr: Phrases = {
  searchingKb: (q) => `Je cherche dans la base de connaissances : « ${q} »`,
  searching: (file) => `Je cherche dans ${file}`,
  found: (n) => `${n} passages pertinents trouvés`,
  questionIs: (q) => `La question est : « ${q} ». `,
  bestPassage: (title, score) => `Le passage le plus pertinent est « ${title} » (score ${score}). `,
  noPassage: 'Aucun passage ne dépasse le seuil de pertinence. ',
  answerHow: 'Je réponds en français, en markdown, en citant les sources.',
  interrupted:
    '### Réponse interrompue\n\nJe prépare la réponse avec tous les détails demandés, mais à mi-chemin la génération s’arrêtera pour simuler une panne du modèle.',
  modelStopped: 'Le modèle a cessé de répondre (erreur simulée)',
  whoami: (name, prompt) =>
    `Je suis **${name}**, un assistant virtuel. Mes instructions :\n\n> ${prompt || '(aucune)'}`,
  greeting: (name) =>
    `Bonjour${name ? ` ${name}` : ''} ! 👋 Je peux vous aider pour les **factures**, **votre compte**, les **livraisons**, les **horaires**, la **signature électronique** et les **demandes d’assistance**. De quoi avez-vous besoin ?`,
  handoff:
    'Bien sûr : je vous mets en relation avec un **conseiller**. Les conseillers répondent du lundi au vendredi, de 8 h à 20 h.',
  outOfScope:
    'Désolé, je n’ai rien trouvé à ce sujet dans la documentation de **Borgo Servizi**. Je peux vous passer un conseiller.',
  reasonAsked: 'L’utilisateur a demandé un conseiller',
  reasonLowConfidence: 'Confiance faible : question hors sujet',
  seeAlso: 'Voir aussi :',
  faqs: 'Questions fréquentes',
  longIntro:
    '# Guide complet des services de Borgo Servizi\n\nVoici un aperçu de tous les services, section par section.',
  quotedIn: (kb) => `_Extrait de la documentation de Borgo Servizi, ${kb === 'en' ? 'en anglais' : 'en italien'} :_`,
  notInDocument: (file) =>
    `Je n’ai rien trouvé à ce sujet dans **${file}**. Essayez d’autres mots, ou lisez le document.`,
  onPage: (page) => `À la page ${page}`,
  documentSays: 'le document dit',
  page: 'page',
  lines: (n) => plural(n, 'ligne', 'lignes'),
  words: (n) => plural(n, 'mot', 'mots'),
  notPdf: 'attention : cela ne semble pas être un PDF valide',
  pdfPages: (n) => `PDF de ${n} pages`,
  received: (n) => `J’ai reçu ${n === 1 ? '1 pièce jointe' : `${n} pièces jointes`} :`,
  trackHead: '| Date | Lieu | État |',
  trackRows: [
    ['18/02 09:12', 'Milan Hub', 'Pris en charge'],
    ['18/02 21:40', 'Bologne', 'En transit'],
    ['19/02 08:05', 'Florence', 'En cours de livraison'],
  ],
  trackIntro: (code) =>
    `### Envoi \`${code}\`\n\nJ’ai vérifié le suivi : le colis est **en cours de livraison aujourd’hui**.`,
  notCancelled: (order) =>
    `D’accord, je **n’ai pas annulé** la commande \`${order}\` : elle reste confirmée. Redemandez-le-moi si vous changez d’avis.`,
  declined: (tool, order) =>
    `D’accord, je **n’ai pas exécuté** \`${tool}\`${order ? ` et la commande \`${order}\` reste confirmée` : ''}. Redemandez-le-moi si vous changez d’avis.`,
  cancelled: (order) =>
    `### Commande \`${order}\` annulée\n\n- État : **annulée**\n- Remboursement : sous **10 jours ouvrés** sur le moyen de paiement d’origine\n- Confirmation : envoyée par e-mail`,
};

/** The simulated model's words in `lang`. */
export const PHRASES: Record<Lang, Phrases> = { it, en, de, es, fr };
