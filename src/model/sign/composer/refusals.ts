/**
 * A refusal of the service (§7: `details` in the service's words, `messageKey`) mapped to the field
 * of the composer it is about, so the user is taken there. The spec shows only a few keys: the
 * mapping reads the body path a message names (`signers[1].email`, `documents[0]`, `name`), as the
 * simulator and the services it follows write them, and falls back on the key's family. Pure.
 */
import type { FieldRef } from './practice-body.js';

/** Body paths as messages name them: `signers[0].placeholders[2]`, `documents[1]`, `name`. */
const PATH = /\b((?:documents|signers|placeholders|destinationContacts)\[\d+\](?:\.[A-Za-z]+(?:\[\d+\])?)*)/;
const TOP = /^(name|notes|expirationDate|expirationDateDays|privacy|protocol|idWorkflowType|workflowTypeCode)\b/;

/** A signer item's field → the composer's field of the signer card. */
const SIGNER_FIELDS: Record<string, string> = {
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  username: 'username',
  phone: 'phone',
  phonePrefix: 'phone',
  password: 'password',
  requirePassword: 'password',
  action: 'action',
  hostUsername: 'inPerson',
  customMessage: 'customMessage',
  customMessageObject: 'customMessageObject',
};

const BY_KEY: Array<[RegExp, FieldRef]> = [
  [/^error\.workflowType\./, 'type'],
  [/^error\.name\./, 'option:name'],
  [/^error\.expirationDate\./, 'option:expiryDate'],
  [/^error\.signers\./, 'signers'],
  [/^error\.file\./, 'documents'],
];

/**
 * The field a refusal is about, or undefined (it is about the practice as a whole). `fields`: the
 * body's paths as `creationBody` mapped them.
 */
export function refusedField(
  refusal: { message?: string | undefined; code?: string | undefined },
  fields: ReadonlyMap<string, FieldRef>,
): FieldRef | undefined {
  const details = refusal.message ?? '';
  const path = PATH.exec(details)?.[1];
  if (path) {
    // The longest mapped prefix: `signers[0].placeholders[2]` before `signers[0]`.
    const parts = path.split('.');
    for (let n = parts.length; n > 0; n--) {
      const prefix = parts.slice(0, n).join('.');
      const field = fields.get(prefix);
      if (!field) continue;
      const rest = parts[n]?.replace(/\[\d+\]$/, '');
      if (field.startsWith('signer:') && rest && SIGNER_FIELDS[rest]) return `${field}:${SIGNER_FIELDS[rest]}`;
      return field;
    }
  }
  const top = TOP.exec(details)?.[1];
  if (top && fields.has(top)) return fields.get(top);
  const code = refusal.code ?? '';
  return BY_KEY.find(([pattern]) => pattern.test(code))?.[1];
}
