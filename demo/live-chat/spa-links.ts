/** The demo shop's single-page links: another `page`, the rest of the address kept (`?sim=…`). */
export function withPage(current: string, page: string): string {
  const url = new URL(current);
  url.searchParams.set('page', page);
  return url.href;
}
