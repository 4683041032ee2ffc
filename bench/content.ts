import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type CentreDetails,
  type ContentPreviewResponse,
  type ContentSaveResponse,
  checklistPoints,
  countPoints,
  type ProgrammeDetails,
  type ProgrammeList,
  type SiteStatus,
} from '@cfp/shared';
import { apiNodeFlags } from '@cfp/test-support/api-process';
import { scratchContentRepository } from '@cfp/test-support/content-repository';
import { startProcess } from './support.ts';

/**
 * `pnpm --filter @cfp/bench bench:content`: the launch checklist worked through from the admin's
 * Site content forms (their API, with invented values) on a scratch git repository holding a copy
 * of content/, in the embedded default; and the time from "Save" to the change served on the
 * site, for a centre detail and for a programme (five of each, median); and the time from
 * "Preview" to the preview's page served, for a programme's fee (five, median), with nothing saved.
 */

const admin = { email: 'contenu@centre.test', password: 'content bench passphrase', username: 'Secrétariat' };
const runs = 5;

const median = (values: number[]) => {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function main() {
  const repository = scratchContentRepository('cfp-content-bench-');
  const { git } = repository;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cfp-content-bench-data-'));
  const product = await startProcess(
    [...apiNodeFlags(), 'api/src/server.ts'],
    {
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      CONTENT_DIR: repository.contentDir,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      ADMIN_USERNAME: admin.username,
      NODE_ENV: 'production',
    },
    (line) => line.match(/^Listening on (http:\/\/127\.0\.0\.1:\d+)/)?.[1],
  );
  const base = product.url;
  // The API's warnings (a build that failed, a push refused) belong in the bench's output.
  product.child.stdout?.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (/"level":[4-6]0/.test(line)) process.stderr.write(`${line}\n`);
  });
  try {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    const { Token } = (await login.json()) as { Token: string };
    const headers = { authorization: `Bearer ${Token}`, 'content-type': 'application/json' };
    const get = async <T>(url: string) => (await (await fetch(`${base}/api${url}`, { headers })).json()) as T;
    const put = async (url: string, version: string, values: unknown, english?: object): Promise<ContentSaveResponse> => {
      // The English beside the French, said to be up to date with it, as a translator ticks it in the form.
      const body = { version, values, ...(english && { english, englishUpToDate: true }) };
      const response = await fetch(`${base}/api${url}`, { method: 'PUT', headers, body: JSON.stringify(body) });
      // 20 saves a minute per admin: the checklist's 39 programmes wait as a person would not need to.
      if (response.status === 429) {
        await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after') ?? 5) * 1000));
        return put(url, version, values, english);
      }
      if (!response.ok) throw new Error(`PUT ${url}: ${response.status} ${await response.text()}`);
      return (await response.json()) as ContentSaveResponse;
    };
    const idle = async () => {
      for (let waited = 0; waited < 600_000; waited += 250) {
        if ((await get<SiteStatus>('/site/status')).state === 'idle') return;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error('the site build did not finish within 10 minutes');
    };
    const served = async (pagePath: string, text: string) => {
      for (let waited = 0; waited < 300_000; waited += 100) {
        if ((await (await fetch(`${base}${pagePath}`)).text()).includes(text)) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`${pagePath} did not show ${text}`);
    };
    // The checklist's points as the terminal and the dashboard count them (a phone's number and display are one).
    const openPoints = async () => {
      const report = (await get<SiteStatus>('/site/status')).content;
      return countPoints(checklistPoints((report?.problems ?? []).filter((problem) => problem.kind !== 'error')));
    };

    await idle();
    const start = await openPoints();

    /** The pages each measured change rendered again, by the build that made it live. */
    const rendered: Record<'centre' | 'programme', number[]> = { centre: [], programme: [] };
    /** Save → the change on the served page, in seconds; then the pages its build rendered. */
    const timeToLive = async (kind: keyof typeof rendered, save: () => Promise<unknown>, pagePath: string, text: string) => {
      await idle();
      const started = performance.now();
      await save();
      await served(pagePath, text);
      const seconds = (performance.now() - started) / 1000;
      await idle();
      rendered[kind].push((await get<SiteStatus>('/site/status')).lastPages?.rendered ?? Number.NaN);
      return seconds;
    };
    /** "Preview" → the preview's French page read, in seconds; the pages each preview rendered. */
    const previewTimes: number[] = [];
    const previewRendered: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const form = await get<ProgrammeDetails>('/content/programmes/soudure');
      const fee = `3${run} 750`;
      const started = performance.now();
      const response = await fetch(`${base}/api/content/programmes/soudure/preview`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ version: form.revision.version, values: { ...form.values, registrationFee: fee } }),
      });
      if (!response.ok) throw new Error(`preview: ${response.status} ${await response.text()}`);
      const preview = (await response.json()) as ContentPreviewResponse;
      const page = await (await fetch(`${base}/api${preview.pages.fr}`)).text();
      if (!page.includes(`3${run}\u00a0750 FCFA`)) throw new Error('the preview does not show the fee typed');
      previewTimes.push((performance.now() - started) / 1000);
      previewRendered.push(preview.rendered);
    }

    const centreTimes: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const form = await get<CentreDetails>('/content/centre');
      const number = `6 99 11 22 3${run}`;
      const phones = form.values.phones.map((phone, index) => (index === 0 ? { ...phone, number } : phone));
      centreTimes.push(
        await timeToLive(
          'centre',
          () => put('/content/centre', form.revision.version, { ...form.values, phones }),
          '/',
          `tel:+23769911223${run}`,
        ),
      );
    }
    const programmeTimes: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const form = await get<ProgrammeDetails>('/content/programmes/soudure');
      const fee = `2${run} 500`;
      programmeTimes.push(
        await timeToLive(
          'programme',
          () => put('/content/programmes/soudure', form.revision.version, { ...form.values, registrationFee: fee }),
          '/formation/soudure',
          `2${run}\u00a0500 FCFA`,
        ),
      );
    }

    process.stdout.write(
      [
        `save → live, centre detail (home page's tel: link): median ${median(centreTimes).toFixed(1)} s (${centreTimes.map((time) => time.toFixed(1)).join(', ')}); pages rendered ${rendered.centre.join(', ')}`,
        `save → live, programme fees (its page): median ${median(programmeTimes).toFixed(1)} s (${programmeTimes.map((time) => time.toFixed(1)).join(', ')}); pages rendered ${rendered.programme.join(', ')}`,
        `preview, programme fees (its page, nothing saved): median ${median(previewTimes).toFixed(1)} s (${previewTimes.map((time) => time.toFixed(1)).join(', ')}); pages rendered ${previewRendered.join(', ')}`,
        '',
      ].join('\n'),
    );

    // The rest of the checklist, as the secretary would fill it in: every centre detail, every programme's facts.
    const centre = await get<CentreDetails>('/content/centre');
    await put(
      '/content/centre',
      centre.revision.version,
      {
        ...centre.values,
        name: 'Centre de Formation Professionnelle de Nkoabang',
        shortName: 'CFP Nkoabang',
        street: 'Face au marché de Nkoabang',
        phones: centre.values.phones.map((phone, index) => ({ ...phone, number: `6 99 11 22 4${index}` })),
        whatsapp: '6 77 00 11 22',
        email: 'contact@cfp-nkoabang.cm',
        mapUrl: 'https://maps.google.com/?q=Nkoabang',
        openingHours: [
          { days: ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi'], from: '07:30', to: '17:30' },
          { days: ['samedi'], from: '08:00', to: '13:00' },
        ],
        callbackDelay: 'sous deux jours ouvrables',
        approvalNumber: '000123/MINEFOP/SG/DFOP',
        approvalValidUntil: '2028-12-31',
        social: Object.fromEntries(
          Object.keys(centre.values.social).map((network) => [network, `https://www.${network}.com/cfpnkoabang`]),
        ),
        legalPublicationDirector: 'Jean-Paul Mballa, directeur du centre',
        legalHost: 'OVH SAS, 2 rue Kellermann, 59100 Roubaix, France',
        legalDataProtectionLaw: 'Loi n° 2024/017 du 23 décembre 2024 relative à la protection des données à caractère personnel',
      },
      { ...centre.english.values, callbackDelay: 'within two working days' },
    );
    const { programmes } = await get<ProgrammeList>('/content/programmes');
    const nextYear = new Date().getUTCFullYear() + 1;
    for (const { slug } of programmes) {
      const form = await get<ProgrammeDetails>(`/content/programmes/${slug}`);
      await put(
        `/content/programmes/${slug}`,
        form.revision.version,
        {
          ...form.values,
          registrationFee: form.values.registrationFee || '25 000',
          tuitionFee: form.values.tuitionFee || '300 000',
          intakes: [`${nextYear}-01-11`, `${nextYear}-10-04`],
          enrolmentDocuments: [
            'Une photocopie de la carte nationale d’identité',
            'Deux photos d’identité',
            'Le dernier diplôme obtenu',
          ],
          scheduleHours: Object.fromEntries(
            Object.keys(form.values.scheduleHours).map((schedule) => [
              schedule,
              { days: ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi'], from: '08:00', to: '12:00' },
            ]),
          ),
          confirmed: true,
        },
        {
          ...form.english.values,
          enrolmentDocuments: ['A copy of the national identity card', 'Two passport photos', 'The last diploma obtained'],
        },
      );
    }
    await idle();
    const end = await openPoints();
    const commits = Number(git('rev-list', '--count', 'HEAD')) - 1;

    process.stdout.write(
      [
        `launch checklist: ${start.required} open points (+${start.optional} optional) → ${end.required} (+${end.optional} optional), in ${commits} commits`,
        '',
      ].join('\n'),
    );
    if (end.required !== 0) {
      const report = (await get<SiteStatus>('/site/status')).content;
      const open = (report?.problems ?? []).filter((problem) => problem.kind !== 'error' && !problem.optional);
      process.stdout.write(
        `still open:\n${open.map((problem) => `  ${problem.file} › ${problem.field}: ${problem.message}`).join('\n')}\n`,
      );
      process.exitCode = 1;
    }
  } finally {
    product.stop();
    repository.remove();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
