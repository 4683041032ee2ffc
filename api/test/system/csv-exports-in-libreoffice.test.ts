import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { scaled } from '@cfp/test-support/time-scale';
import { describe, expect, it } from 'vitest';
import { applications, subscribers } from '../../src/db/schema.ts';
import { buildTestApp, loginAs, temporaryDirectory } from '../helper.ts';

/**
 * The exports as staff open them: LibreOffice Calc importing the file with the French locale
 * (language 1036), `;` as separator, `"` as text delimiter, UTF-8 (76). The sheet is written as
 * flat ODS, one XML file, whose cells say their type (string, float, date) and any formula.
 */
const frenchCsvImport = 'CSV:59,34,76,1,,1036';

interface Cell {
  type: string | undefined;
  formula: string | undefined;
  dateValue: string | undefined;
  text: string;
}

const entities: Record<string, string> = { '&quot;': '"', '&apos;': "'", '&lt;': '<', '&gt;': '>', '&amp;': '&' };
const attribute = (attributes: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(attributes)?.[1];

function paragraphText(xml: string): string {
  return xml
    .replace(/<text:s text:c="(\d+)"\/>/g, (_, count: string) => ' '.repeat(Number(count)))
    .replace(/<text:s\/>/g, ' ')
    .replace(/<text:tab\/>/g, '\t')
    .replace(/<text:line-break\/>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(quot|apos|lt|gt|amp);/g, (entity) => entities[entity] ?? entity);
}

/** The sheet's rows, each cell with its type, formula, date and text (empty cells as ''). */
function readFlatOds(file: string): Cell[][] {
  const xml = readFileSync(file, 'utf8');
  const rows = [...xml.matchAll(/<table:table-row[^>]*>([\s\S]*?)<\/table:table-row>/g)];
  return rows.map(([, row = '']) =>
    [...row.matchAll(/<table:table-cell([^>]*?)(?:\/>|>([\s\S]*?)<\/table:table-cell>)/g)].flatMap(
      ([, attributes = '', body = '']) => {
        const cell = {
          type: attribute(attributes, 'office:value-type'),
          formula: attribute(attributes, 'table:formula'),
          dateValue: attribute(attributes, 'office:date-value'),
          text: [...body.matchAll(/<text:p>([\s\S]*?)<\/text:p>/g)]
            .map(([, paragraph = '']) => paragraphText(paragraph))
            .join('\n'),
        };
        return Array.from({ length: Number(attribute(attributes, 'table:number-columns-repeated') ?? 1) }, () => cell);
      },
    ),
  );
}

/** Converts every file in one soffice run (its start-up is the slow part), with a profile of its own. */
function openInLibreOffice(directory: string, files: string[]): string[] {
  execFileSync(
    'soffice',
    [
      `-env:UserInstallation=file://${directory}/profile`,
      '--headless',
      `--infilter=${frenchCsvImport}`,
      '--convert-to',
      'fods',
      '--outdir',
      directory,
      ...files,
    ],
    { stdio: 'pipe', timeout: scaled(90_000) },
  );
  return files.map((file) => path.join(directory, `${path.basename(file, '.csv')}.fods`));
}

const hostileNote = 'Rappeler samedi; avant "midi"\nou =2+3\r\n-Appeler la mère';

describe('the CSV exports opened in LibreOffice Calc, French locale', () => {
  it('give one value per cell, headers and labels in words, phones as text and no formula anywhere', {
    timeout: scaled(120_000),
  }, async () => {
    const app = await buildTestApp();
    const moment = new Date('2026-03-02T09:15:00Z');
    const base = {
      programme: 'soudure',
      town: 'Yaoundé, Bastos',
      level: 'probatoire' as const,
      forwarding: 'not_configured' as const,
      updatedAt: moment,
    };
    app.db
      .insert(applications)
      .values([
        {
          ...base,
          reference: 'PI-AAAAAA',
          firstName: '=1+1',
          lastName: '@SUM(A1)',
          phone: '+237699112233',
          email: '+cmd@example.cm',
          schedule: 'soir',
          intake: '2026-10-05',
          heardFrom: 'bouche-a-oreille',
          note: hostileNote,
          createdAt: moment,
        },
        {
          ...base,
          reference: 'PI-BBBBBB',
          firstName: 'Élodie',
          lastName: 'N’Goh',
          phone: '+33612345678',
          status: 'enrolled',
          createdAt: new Date('2026-03-01T08:00:00Z'),
        },
      ])
      .run();
    app.db
      .insert(subscribers)
      .values([
        { email: '=cmd@example.cm', status: 'confirmed', unsubscribeToken: 'a', createdAt: moment, confirmedAt: moment },
        { email: 'élodie@example.cm', status: 'pending', unsubscribeToken: 'b', createdAt: moment },
      ])
      .run();
    const headers = { authorization: `Bearer ${await loginAs(app)}` };
    const directory = temporaryDirectory();
    const files = ['/api/applications/export.csv', '/api/subscriber/export.csv'].map((url, index) => {
      const file = path.join(directory, `export-${index}.csv`);
      return { url, file };
    });
    for (const { url, file } of files) writeFileSync(file, (await app.inject({ method: 'GET', url, headers })).rawPayload);

    const [applicationSheet = [], subscriberSheet = []] = openInLibreOffice(
      directory,
      files.map(({ file }) => file),
    ).map(readFlatOds);

    const allCells = [...applicationSheet, ...subscriberSheet].flat();
    expect(allCells.filter((cell) => cell.formula)).toEqual([]);

    const [header = [], awa = [], elodie = []] = applicationSheet;
    expect(applicationSheet).toHaveLength(3);
    expect(header.map((cell) => cell.text)).toEqual([
      'Reference',
      'Programme',
      'First name',
      'Last name',
      'Phone',
      'Email',
      'Language',
      'Town',
      'Level',
      'Schedule',
      'Intake',
      'Heard about us from',
      'Status',
      'Note',
      'Applied on',
      'Repeat of',
    ]);
    const column = (row: Cell[], name: string) => row[header.findIndex((cell) => cell.text === name)];
    expect(awa.slice(0, 4).map((cell) => cell.text)).toEqual(['PI-AAAAAA', 'Soudure', "'=1+1", "'@SUM(A1)"]);
    expect(column(awa, 'Phone')).toMatchObject({ type: 'string', text: '6 99 11 22 33' });
    expect(column(elodie, 'Phone')).toMatchObject({ type: 'string', text: '00 33612345678' });
    expect(column(awa, 'Email')?.text).toBe("'+cmd@example.cm");
    expect(column(awa, 'Language')?.text).toBe('French');
    expect(column(awa, 'Town')?.text).toBe('Yaoundé, Bastos');
    expect(column(awa, 'Level')?.text).toBe('Probatoire');
    expect(column(awa, 'Schedule')?.text).toBe('Evening classes');
    expect(column(awa, 'Heard about us from')?.text).toBe('Par un proche (bouche-à-oreille)');
    expect(column(awa, 'Status')?.text).toBe('New');
    expect(column(elodie, 'Status')?.text).toBe('Enrolled');
    expect(column(awa, 'Note')).toMatchObject({
      type: 'string',
      text: 'Rappeler samedi; avant "midi"\nou =2+3\n-Appeler la mère',
    });
    expect(elodie.slice(2, 4).map((cell) => cell.text)).toEqual(['Élodie', 'N’Goh']);
    // Day first in the centre's time zone (UTC+1), read back as a date, not text.
    expect(column(awa, 'Applied on')).toMatchObject({ type: 'date', dateValue: '2026-03-02T10:15:00' });
    expect(column(awa, 'Intake')).toMatchObject({ type: 'date', dateValue: '2026-10-05' });

    expect(subscriberSheet.map((row) => row.map((cell) => cell.text).slice(0, 2))).toEqual([
      ['Email', 'Status'],
      ["'=cmd@example.cm", 'Confirmed'],
      ['élodie@example.cm', 'Pending confirmation'],
    ]);
    expect(subscriberSheet[1]?.[2]).toMatchObject({ type: 'date', dateValue: '2026-03-02T10:15:00' });
    expect(subscriberSheet[0]?.map((cell) => cell.text)).toEqual([
      'Email',
      'Status',
      'Subscribed on',
      'Confirmed on',
      'Language',
      'Bouncing',
    ]);
  });
});
