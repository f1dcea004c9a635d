import type { SeedDoc, SeedFaq } from './kb.js';

/** Italian knowledge base of the fictional company Borgo Servizi. */
export const DOCS_IT: SeedDoc[] = [
  {
    title: 'Fatturazione e pagamenti',
    slug: 'fatturazione',
    body: `## Quando arriva la fattura
La fattura elettronica viene emessa il **primo giorno lavorativo** di ogni mese e inviata tramite SDI. Una copia in PDF è disponibile nell'area clienti, sezione *Documenti > Fatture*.

## Metodi di pagamento accettati
| Metodo | Commissione | Accredito |
|---|---|---|
| Addebito SEPA | nessuna | 2 giorni lavorativi |
| Carta di credito | nessuna | immediato |
| Bonifico bancario | a carico del cliente | 1-3 giorni lavorativi |
| PagoPA | 1,00 € | immediato |

Per il bonifico usa come causale il **numero cliente** (per esempio \`BS-004211\`).

## Fattura errata o da correggere
1. Apri l'area clienti e scegli la fattura.
2. Premi **Segnala un problema** e descrivi l'errore.
3. Entro 5 giorni lavorativi ricevi una nota di credito o la fattura corretta.

Maggiori dettagli nella [guida alla fatturazione](https://help.example.com/it/fatturazione).`,
  },
  {
    title: 'Account e accesso',
    slug: 'account',
    body: `## Recuperare la password
Dalla pagina di accesso scegli **Password dimenticata?** e inserisci l'indirizzo e-mail dell'account. Il link di reimpostazione vale **30 minuti**.

## Attivare la verifica in due passaggi
- Apri *Profilo > Sicurezza*.
- Scegli **Attiva 2FA** e inquadra il codice QR con un'app di autenticazione.
- Conserva i **codici di recupero** in un luogo sicuro.

## Chiudere l'account
La chiusura è definitiva dopo 30 giorni. Prima di chiudere scarica fatture e documenti firmati: dopo la chiusura non sono più consultabili.`,
  },
  {
    title: 'Spedizioni e consegne',
    slug: 'spedizioni',
    body: `## Tempi di consegna
| Zona | Standard | Express |
|---|---|---|
| Italia continentale | 2-3 giorni | 24 ore |
| Isole | 3-5 giorni | 48 ore |
| Unione Europea | 4-7 giorni | 2-3 giorni |

## Tracciare un pacco
Il codice di tracciamento arriva per e-mail alla partenza dell'ordine. Puoi consultarlo anche da riga di comando con la nostra API:

\`\`\`bash
curl https://api.example.com/v1/tracking/BS123456789IT
\`\`\`

## Spedizione gratuita
La spedizione standard è gratuita per ordini superiori a **49 €**. Vedi le [condizioni di spedizione](https://help.example.com/it/spedizioni).`,
  },
  {
    title: 'Orari di apertura degli sportelli',
    slug: 'orari',
    body: `## Orari degli sportelli
| Giorno | Mattina | Pomeriggio |
|---|---|---|
| Lunedì - Venerdì | 8:30 - 13:00 | 14:00 - 18:00 |
| Sabato | 9:00 - 12:30 | chiuso |
| Domenica e festivi | chiuso | chiuso |

## Assistenza telefonica
Il numero verde **800 123 456** risponde dal lunedì al venerdì dalle 8:00 alle 20:00. La chat con un operatore segue gli stessi orari.`,
  },
  {
    title: 'Firma digitale dei documenti',
    slug: 'firma-digitale',
    body: `## Come firmare un documento
1. Apri il link ricevuto per e-mail.
2. Leggi il documento fino alla fine: le aree di firma sono evidenziate.
3. Premi **Firma** e conferma con il codice OTP inviato via SMS.

## Tipi di firma disponibili
- **Firma semplice** (FES): per moduli e ricevute.
- **Firma avanzata** (FEA) con OTP: per contratti e mandati SEPA.
- **Firma qualificata** (FEQ): per gli atti che la richiedono per legge.

## Rifiutare un documento
Se il contenuto non è corretto premi **Rifiuta** e indica il motivo: la pratica passa allo stato *Rifiutata* e il mittente viene avvisato.`,
  },
  {
    title: 'Richieste di assistenza (help desk)',
    slug: 'assistenza',
    body: `## Aprire una richiesta
Dal modulo **Nuova richiesta** scegli servizio, tipo di richiesta e urgenza, descrivi il problema e allega eventuali file (fino a 10 MB ciascuno).

## Priorità e tempi di risposta
| Urgenza | Prima risposta | Risoluzione |
|---|---|---|
| Alta | 4 ore lavorative | 1 giorno |
| Media | 1 giorno | 3 giorni |
| Bassa | 2 giorni | 10 giorni |

## Seguire una richiesta
Ogni richiesta ha un numero (per esempio \`RIC-2024-0042\`): con quel numero puoi leggere i commenti dell'operatore e rispondere.`,
  },
  {
    title: 'Procedura interna rimborsi',
    slug: 'procedura-rimborsi',
    hidden: true,
    body: `## Rimborsi: verifica interna
Il rimborso di una fattura pagata due volte si approva se l'importo è inferiore a **200 €**; sopra questa soglia serve la firma del responsabile amministrativo. Il rimborso avviene con bonifico entro 10 giorni lavorativi sull'IBAN del cliente.`,
  },
];

export const FAQS_IT: SeedFaq[] = [
  {
    question: 'Come posso pagare la fattura?',
    answer:
      "Puoi pagare con **addebito SEPA**, carta di credito, bonifico o PagoPA. L'addebito SEPA si attiva da *Profilo > Pagamenti*.",
    category: 'fatturazione',
    variants: ['metodi di pagamento', 'pagare bolletta'],
  },
  {
    question: 'Ho pagato due volte, come ottengo il rimborso?',
    answer:
      "Segnala il doppio pagamento dall'area clienti: il rimborso arriva con **bonifico entro 10 giorni lavorativi**.",
    category: 'fatturazione',
    variants: ['rimborso', 'doppio addebito'],
  },
  {
    question: 'Quali sono gli orari degli sportelli?',
    answer: 'Dal **lunedì al venerdì** 8:30-13:00 e 14:00-18:00, il **sabato** 9:00-12:30. Domenica e festivi chiuso.',
    category: 'orari',
    variants: ['quando siete aperti', 'orario apertura'],
  },
  {
    question: 'Quanto costa la spedizione?',
    answer: "La spedizione standard costa **4,90 €** ed è gratuita sopra i 49 €. L'express costa 9,90 €.",
    category: 'spedizioni',
    variants: ['costo spedizione', 'spese di consegna'],
  },
  {
    question: 'Il link per firmare è scaduto, cosa faccio?',
    answer: 'Chiedi al mittente di **inviare di nuovo** la pratica: un nuovo link sostituisce quello scaduto.',
    category: 'firma',
    variants: ['link firma scaduto'],
  },
  {
    question: 'Non ricordo la password',
    answer: 'Usa **Password dimenticata?** nella pagina di accesso: il link vale 30 minuti.',
    category: 'account',
    variants: ['reimpostare password', 'password dimenticata'],
  },
  {
    question: 'Quali sono le soglie di approvazione dei rimborsi?',
    answer: "Fino a 200 € approva l'operatore, sopra serve il responsabile amministrativo.",
    category: 'interno',
    variants: ['soglia rimborso'],
    hidden: true,
  },
];
