/**
 * A bank slug from its title: lowercase ASCII letters and digits joined by single dashes, at most
 * 60 characters, as the bank contract requires. Accents are dropped ("Größen" → "grossen").
 */
export function slugify(title: string): string {
  return title
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

export const isSlug = (value: string) =>
  /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value) && value.length <= 60;
