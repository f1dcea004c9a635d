import { STATUS_CODES, type ServerResponse } from 'node:http';
import { sendJson } from '../core/http-kit.js';
import type { FieldError } from './catalog.js';

/**
 * The help desk's error body. The spec shows none (§7 "not shown"), so the simulator fixes one
 * shape for every error: `{status, error, message, fieldErrors: [{field, message}], timestamp,
 * path}`; `fieldErrors` names request fields so a form can put each message under its field.
 */
export interface DeskErrorBody {
  status: number;
  error: string;
  message: string;
  fieldErrors: FieldError[];
  timestamp: string;
  path: string;
}

export class DeskError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: FieldError[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function deskErrorBody(
  status: number,
  message: string,
  fieldErrors: FieldError[] = [],
  path = '',
): DeskErrorBody {
  return {
    status,
    error: STATUS_CODES[status] ?? 'Error',
    message,
    fieldErrors,
    timestamp: new Date().toISOString(),
    path,
  };
}

export function sendDeskError(res: ServerResponse, error: DeskError, path: string): void {
  sendJson(res, error.status, deskErrorBody(error.status, error.message, error.fieldErrors, path), error.headers);
}
