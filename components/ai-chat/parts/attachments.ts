import { fileToAiFile, type AiFile } from '../../../src/services/ai.js';
import type { ComposerAttachment } from '../../shared/composer.js';
import { t } from '../strings.js';
import { langOf, type Speaker } from '../../../src/i18n/translate.js';
import { formatFileSize } from '../../../src/i18n/format.js';

export const DEFAULT_ACCEPT = 'image/*,application/pdf,text/plain,text/csv,text/markdown,.md,.docx,.xlsx,.json';

export type PanelAttachment = ComposerAttachment & { file?: AiFile };

/** Whether `file` matches a file input's `accept` list (extensions, `type/*`, exact types). */
export function accepts(accept: string, file: File): boolean {
  const rules = accept
    .split(',')
    .map((r) => r.trim().toLowerCase())
    .filter(Boolean);
  if (!rules.length) return true;
  const name = file.name.toLowerCase();
  const type = (file.type || '').toLowerCase();
  return rules.some((rule) =>
    rule.startsWith('.')
      ? name.endsWith(rule)
      : rule.endsWith('/*')
        ? type.startsWith(rule.slice(0, -1))
        : type === rule,
  );
}

export interface AttachRules {
  accept: string;
  maxFileSize: number;
  maxFiles: number;
  /** The panel: its language, its own `strings` and its `<sportello-config>`'s. */
  speaker: Speaker;
}

/**
 * Adds the files a visitor picked to the composer's attachments, each read as Base64 for the
 * request (spec `files`). `update` is called with the list after each change; the result is the
 * refusals in the visitor's words (type, size, count, unreadable).
 */
export async function attachFiles(
  files: File[],
  current: () => PanelAttachment[],
  update: (list: PanelAttachment[]) => void,
  rules: AttachRules,
): Promise<string[]> {
  const errors: string[] = [];
  for (const file of files) {
    if (current().length >= rules.maxFiles) {
      errors.push(t(rules.speaker, 'fileCount', { max: rules.maxFiles }));
      break;
    }
    if (!accepts(rules.accept, file)) {
      errors.push(t(rules.speaker, 'fileType', { name: file.name }));
      continue;
    }
    if (file.size > rules.maxFileSize) {
      errors.push(
        t(rules.speaker, 'fileTooBig', {
          name: file.name,
          max: formatFileSize(rules.maxFileSize, langOf(rules.speaker)),
        }),
      );
      continue;
    }
    const key = `${file.name}:${file.size}:${file.lastModified}:${Math.random().toString(36).slice(2)}`;
    // A picture shows at once, before it is read (picked, dropped or pasted alike).
    const preview = file.type.startsWith('image/') ? file : undefined;
    update([...current(), { key, name: file.name, state: 'uploading', progress: 0, preview }]);
    try {
      const aiFile = await fileToAiFile(file);
      update(current().map((a) => (a.key === key ? { ...a, state: 'done', progress: 1, file: aiFile } : a)));
    } catch {
      update(current().filter((a) => a.key !== key));
      errors.push(t(rules.speaker, 'fileRead', { name: file.name }));
    }
  }
  return errors;
}
