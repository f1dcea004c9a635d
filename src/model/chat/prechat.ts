/**
 * The checks of the visitor's forms before anything is sent: the pre-chat form (the service's
 * `input/validate` plus what only the widget asks — consent, a topic) and the offline contact form.
 */
import type { ChatCategory, ChatClient, FieldError, WidgetConfig } from '../../services/chat.js';
import type { ContactInput, PrechatInput } from './chat-types.js';

/** The server's checks of the pre-chat fields. */
export function validatePrechat(
  client: ChatClient,
  input: Pick<PrechatInput, 'name' | 'email' | 'message' | 'fields'>,
  language: string,
): Promise<FieldError[]> {
  return client.validate({
    name: input.name,
    email: input.email,
    message: input.message,
    required: ['name', 'email'],
    // The widget's own fields, checked against its configuration (required, pattern, options).
    ...(input.fields ? { fields: input.fields } : {}),
    language,
  });
}

/** What only we check, shown like the server's field errors. */
export function localPrechatErrors(
  input: Pick<PrechatInput, 'consent' | 'idChatCategory'>,
  config: WidgetConfig | undefined,
  categories: readonly ChatCategory[],
): FieldError[] {
  const errors: FieldError[] = [];
  // Consent is a checkbox the server has no field for.
  if (!input.consent && config?.privacy?.required !== false) errors.push({ field: 'privacy', message: 'required' });
  // With several topics the form preselects none: the visitor picks one.
  if (!input.idChatCategory && categories.length > 1) errors.push({ field: 'idChatCategory', message: 'required' });
  return errors;
}

/**
 * The offline contact form's fields as the service checks them (`input/validate`): the name, the
 * way back the visitor chose (e-mail or phone) and the message are required. Codes come back
 * (`required`, `invalid`, `too-long`) for the window to word.
 */
export function validateContact(client: ChatClient, input: ContactInput, language: string): Promise<FieldError[]> {
  const channelField = input.channel === 'email' ? { email: input.email } : { phone: input.phone };
  return client.validate({
    name: input.name,
    ...channelField,
    message: input.message,
    required: ['name', input.channel, 'message'],
    language,
  });
}

/** What only we check on the contact form: the consent (the service has no field for it). */
export function contactConsentErrors(input: Pick<ContactInput, 'consent'>): FieldError[] {
  return input.consent ? [] : [{ field: 'privacy', message: 'required' }];
}
