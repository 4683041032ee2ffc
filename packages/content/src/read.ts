import { parse as parseYaml } from 'yaml';

/** A content file's YAML front matter (between `---` lines) and its markdown body; undefined without front matter. */
export function splitFrontMatter(source: string): { data: unknown; body: string } | undefined {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) return undefined;
  return { data: parseYaml(match[1] ?? ''), body: match[2] ?? '' };
}

/** `phones[0].number` for the path ['phones', 0, 'number']. */
export function fieldPath(path: ReadonlyArray<PropertyKey>): string {
  return path.map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`)).join('');
}

/** Every string of a YAML value, with its field path. */
export function stringsOf(value: unknown, path = ''): Array<{ field: string; text: string }> {
  if (typeof value === 'string') return [{ field: path, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringsOf(item, `${path}[${index}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => stringsOf(item, path ? `${path}.${key}` : key));
  }
  return [];
}
