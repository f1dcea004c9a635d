import type { SeedDoc, SeedFaq } from './kb.js';

/** English knowledge base of the fictional company Borgo Servizi. */
export const DOCS_EN: SeedDoc[] = [
  {
    title: 'Billing and payments',
    slug: 'billing',
    body: `## When the invoice arrives
The electronic invoice is issued on the **first working day** of every month. A PDF copy is available in the customer area under *Documents > Invoices*.

## Accepted payment methods
| Method | Fee | Credited |
|---|---|---|
| SEPA direct debit | none | 2 working days |
| Credit card | none | immediately |
| Bank transfer | paid by the customer | 1-3 working days |
| PagoPA | €1.00 | immediately |

For a bank transfer use your **customer number** as the reference (for example \`BS-004211\`).

## Wrong invoice
1. Open the customer area and pick the invoice.
2. Press **Report a problem** and describe the mistake.
3. Within 5 working days you get a credit note or a corrected invoice.

More in the [billing guide](https://help.example.com/en/billing).`,
  },
  {
    title: 'Account and sign-in',
    slug: 'account',
    body: `## Reset your password
On the sign-in page choose **Forgot password?** and enter the account's e-mail address. The reset link is valid for **30 minutes**.

## Turn on two-step verification
- Open *Profile > Security*.
- Choose **Enable 2FA** and scan the QR code with an authenticator app.
- Keep the **recovery codes** somewhere safe.

## Close the account
Closing is final after 30 days. Download invoices and signed documents first: they cannot be read after closing.`,
  },
  {
    title: 'Shipping and delivery',
    slug: 'shipping',
    body: `## Delivery times
| Area | Standard | Express |
|---|---|---|
| Mainland Italy | 2-3 days | 24 hours |
| Islands | 3-5 days | 48 hours |
| European Union | 4-7 days | 2-3 days |

## Track a parcel
The tracking code is e-mailed when the order ships. You can also query it from the command line with our API:

\`\`\`bash
curl https://api.example.com/v1/tracking/BS123456789IT
\`\`\`

## Free shipping
Standard shipping is free for orders above **€49**. See the [shipping terms](https://help.example.com/en/shipping).`,
  },
  {
    title: 'Office opening hours',
    slug: 'opening-hours',
    body: `## Office opening hours
| Day | Morning | Afternoon |
|---|---|---|
| Monday - Friday | 8:30 - 13:00 | 14:00 - 18:00 |
| Saturday | 9:00 - 12:30 | closed |
| Sunday and holidays | closed | closed |

## Phone support
The toll-free number **800 123 456** answers Monday to Friday from 8:00 to 20:00. Chat with an operator keeps the same hours.`,
  },
  {
    title: 'Digital signature of documents',
    slug: 'digital-signature',
    body: `## How to sign a document
1. Open the link you received by e-mail.
2. Read the document to the end: the signature areas are highlighted.
3. Press **Sign** and confirm with the OTP code sent by SMS.

## Signature types
- **Simple signature** (FES): for forms and receipts.
- **Advanced signature** (FEA) with OTP: for contracts and SEPA mandates.
- **Qualified signature** (FEQ): for deeds that require it by law.

## Reject a document
If the content is wrong press **Reject** and give the reason: the practice becomes *Rejected* and the sender is notified.`,
  },
  {
    title: 'Help desk requests',
    slug: 'help-desk',
    body: `## Open a request
From the **New request** form pick the service, the request type and the urgency, describe the problem and attach files (up to 10 MB each).

## Priority and response times
| Urgency | First answer | Resolution |
|---|---|---|
| High | 4 working hours | 1 day |
| Medium | 1 day | 3 days |
| Low | 2 days | 10 days |

## Follow a request
Every request has a number (for example \`RIC-2024-0042\`): with it you can read the operator's comments and reply.`,
  },
  {
    title: 'Internal refund procedure',
    slug: 'refund-procedure',
    hidden: true,
    body: `## Refunds: internal check
A refund of an invoice paid twice is approved when the amount is below **€200**; above that threshold the head of administration must sign. The refund is a bank transfer within 10 working days to the customer's IBAN.`,
  },
];

export const FAQS_EN: SeedFaq[] = [
  {
    question: 'How can I pay my invoice?',
    answer:
      'You can pay by **SEPA direct debit**, credit card, bank transfer or PagoPA. Direct debit is set up under *Profile > Payments*.',
    category: 'billing',
    variants: ['payment methods', 'pay bill'],
  },
  {
    question: 'I paid twice, how do I get a refund?',
    answer:
      'Report the double payment from the customer area: the refund arrives by **bank transfer within 10 working days**.',
    category: 'billing',
    variants: ['refund', 'charged twice'],
  },
  {
    question: 'What are your opening hours?',
    answer: '**Monday to Friday** 8:30-13:00 and 14:00-18:00, **Saturday** 9:00-12:30. Closed on Sundays and holidays.',
    category: 'hours',
    variants: ['when are you open', 'office hours'],
  },
  {
    question: 'How much does shipping cost?',
    answer: 'Standard shipping costs **€4.90** and is free above €49. Express costs €9.90.',
    category: 'shipping',
    variants: ['shipping cost', 'delivery fee'],
  },
  {
    question: 'My signing link expired, what now?',
    answer: 'Ask the sender to **send the practice again**: a new link replaces the expired one.',
    category: 'signature',
    variants: ['signature link expired'],
  },
  {
    question: 'I forgot my password',
    answer: 'Use **Forgot password?** on the sign-in page: the link is valid for 30 minutes.',
    category: 'account',
    variants: ['reset password', 'lost password'],
  },
  {
    question: 'What are the refund approval thresholds?',
    answer: 'Up to €200 the operator approves; above that the head of administration must.',
    category: 'internal',
    variants: ['refund threshold'],
    hidden: true,
  },
];
