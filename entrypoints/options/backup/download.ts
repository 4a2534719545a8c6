/**
 * Saves `text` as a file named `name`: a Blob's object URL on a clicked `<a download>`. Works in
 * extension pages of Chrome and Firefox without the `downloads` permission. The URL is revoked a
 * minute later, not at once: Firefox may still be reading it when `click()` returns.
 */
export function downloadText(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  // Firefox follows only a link that is in the document.
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
