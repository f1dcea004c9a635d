/**
 * The checks of the visitor's forms before anything is sent: the pre-chat form (the service's
 * `input/validate` plus what only the widget asks — consent, a topic) and the offline contact form.
 */
import type { ChatCategory, ChatClient, FieldError, WidgetConfig } from '../../services/chat.js';
import type { ContactInput, PrechatInput } from './chat-types.js';

/** The server's checks of the pre-chat fields. */
export function validatePrechat(
  client: ChatClient,
  input: Pick<PrechatInput, 'name' | 'email' | 'message'>,
  language: string,
): Promise<FieldError[]> {
  return client.validate({
    name: input.name,
    email: input.email,
    message: input.message,
    required: ['name', 'email'],
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

/** The offline contact form's own checks (an empty message code: the window says "required"). */
export function contactErrors(input: ContactInput): FieldError[] {
  const errors: FieldError[] = [];
  if (!input.name.trim()) errors.push({ field: 'name', message: '' });
  if (input.channel === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email))
    errors.push({ field: 'email', message: '' });
  if (input.channel === 'phone' && !/^\+?[\d\s().-]{6,}$/.test(input.phone))
    errors.push({ field: 'phone', message: '' });
  if (!input.message.trim()) errors.push({ field: 'message', message: '' });
  if (!input.consent) errors.push({ field: 'privacy', message: '' });
  return errors;
}
