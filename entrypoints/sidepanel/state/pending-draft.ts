/** Adds handed-over text to what the user already wrote, never replacing it. */
export function appendDraft(existing: string, text: string): string {
  return existing.trim() === '' ? text : `${existing.trimEnd()}\n\n${text}`;
}
