import { describe, expect, it } from 'vitest';
import { readSource, sourceFiles } from './source-files.ts';

/*
 * The API's layers: a route (api/src/routes/) validates, checks the session and maps to HTTP; it
 * reads and writes through the domain modules (api/src/<resource>/), which alone hold the queries.
 * A route may hand the database on (`applicationPage(app.db, query)`), never query it itself.
 */

interface Rule {
  name: string;
  pattern: RegExp;
}

const rules: Rule[] = [
  {
    name: 'imports drizzle-orm: the query belongs in a domain module',
    pattern: /(?:from|import)\s*\(?\s*['"]drizzle-orm(?:\/[^'"]*)?['"]/,
  },
  {
    name: 'imports the tables (db/schema.ts): the query belongs in a domain module',
    pattern: /['"](?:\.\.?\/)+db\/schema\.ts['"]/,
  },
  {
    name: 'calls the database (app.db.…, a transaction tx.…): call a domain module’s function',
    // Across lines too: `app.db\n  .insert(…)`. Handing `app.db` on as an argument is fine.
    pattern: /(?<![\w$])(?:db|tx)\s*\.\s*[\w$]+/,
  },
];

/** Comments may name what they forbid. */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

function findings(file: string, text: string): string[] {
  const code = withoutComments(text);
  return rules.filter((rule) => rule.pattern.test(code)).map((rule) => `${file}: ${rule.name}`);
}

describe('the API’s routes and its domain modules', () => {
  const routes = sourceFiles(['api/src/routes']);

  it('finds the route files', () => {
    expect(routes.length).toBeGreaterThan(15);
    expect(routes).toContain('api/src/routes/applications/index.ts');
  });

  it('has no route file import drizzle-orm or the tables, or call the database itself', () => {
    expect(routes.flatMap((file) => findings(file, readSource(file)))).toEqual([]);
  });

  it('tells a query in a route from the database handed on to a domain module', () => {
    const flagged = (code: string) => findings('example.ts', code).length > 0;
    for (const query of [
      "import { eq } from 'drizzle-orm';",
      "import { alias } from 'drizzle-orm/sqlite-core';",
      "import { subscribers } from '../../db/schema.ts';",
      'const row = app.db.select().from(admins).get();',
      'app.db\n        .insert(images)\n        .values(image)\n        .run();',
      'const deleted = app.db.transaction((tx) => tx.delete(applications).run());',
      'app.db.get(sql`select 1`);',
    ]) {
      expect(flagged(query), query).toBe(true);
    }
    for (const fine of [
      'const page = applicationPage(app.db, request.query);',
      "recordAdminAction(app.db, request, 'message.delete', target);",
      'const saved = await app.groupCommit.run(() => saveApplication(app.db, fields));',
      "import { pingDatabase } from '../../db/database.ts';",
      '// Never app.db.select() here: the list module holds the query.',
    ]) {
      expect(flagged(fine), fine).toBe(false);
    }
  });
});
