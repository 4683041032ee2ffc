import type {
  AdminAccount,
  AdminRole,
  AdminSettings,
  Application,
  BlogPostListItem,
  ContactMessage,
  InterestCounts,
  InterestReport,
  MessageSummary,
  ProgrammeInterest,
  SiteStatus,
  Subscriber,
} from '@cfp/shared';
import { type ApiCall, type ApiRoutes, json } from './mock-api.ts';

export function blogSummary(overrides: Partial<BlogPostListItem> = {}): BlogPostListItem {
  return {
    _id: 7,
    title: 'Rentrée 2026 : les inscriptions sont ouvertes',
    slug: 'rentree-2026-les-inscriptions-sont-ouvertes',
    author: 'Aline',
    views: 120,
    coverPhoto: '',
    status: 'published',
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    publishedAt: '2026-01-05T10:00:00.000Z',
    hasEnglish: false,
    ...overrides,
  };
}

export function adminAccount(overrides: Partial<AdminAccount> = {}): AdminAccount {
  return {
    _id: 2,
    username: 'Paul',
    email: 'paul@example.cm',
    role: 'admin',
    createdAt: '2025-11-02T08:00:00.000Z',
    ...overrides,
  };
}

export function subscriber(overrides: Partial<Subscriber> = {}): Subscriber {
  return {
    _id: 5,
    email: 'marie@example.cm',
    status: 'confirmed',
    language: 'fr',
    createdAt: '2026-02-10T09:00:00.000Z',
    confirmedAt: '2026-02-10T09:05:00.000Z',
    bouncing: false,
    ...overrides,
  };
}

export function contactMessage(overrides: Partial<ContactMessage> = {}): ContactMessage {
  return {
    _id: 3,
    kind: 'message',
    firstName: 'Jean',
    lastName: 'Mballa',
    email: 'jean@example.cm',
    phone: '+237 6 99 00 00 00',
    message: 'Bonjour, je voudrais des informations sur la formation en maintenance informatique.',
    programme: 'maintenance-informatique',
    programmeTitle: 'Maintenance informatique',
    programmePath: '/formation/maintenance-informatique',
    bestTime: null,
    language: 'fr',
    status: 'new',
    forwarding: 'sent',
    forwardingError: null,
    createdAt: '2026-03-01T14:30:00.000Z',
    ...overrides,
  };
}

export function application(overrides: Partial<Application> = {}): Application {
  return {
    _id: 11,
    reference: 'PI-7K3M9Q',
    programme: 'soudure',
    programmeTitle: 'Soudure',
    language: 'fr',
    studentProgrammeTitle: 'Soudure',
    studentProgrammePath: '/formation/soudure',
    firstName: 'Awa',
    lastName: 'Ngono',
    phone: '+237699001122',
    email: 'awa.ngono@example.cm',
    town: 'Nkoabang',
    level: 'bepc',
    schedule: 'jour',
    intake: '2026-10-05',
    heardFrom: 'facebook',
    message: 'Je voudrais commencer en octobre.',
    status: 'new',
    statusChangedBy: null,
    statusChangedAt: null,
    note: null,
    forwarding: 'sent',
    forwardingError: null,
    repeatOf: null,
    repeats: [],
    createdAt: '2026-03-02T09:15:00.000Z',
    updatedAt: '2026-03-02T09:15:00.000Z',
    ...overrides,
  };
}

export const idleSite: SiteStatus = {
  state: 'idle',
  mode: 'local',
  lastSuccessAt: '2026-03-01T12:00:00.000Z',
  lastFailureAt: null,
  lastError: null,
  nextRetryAt: null,
  lastDurationMs: 8000,
  lastPages: { rendered: 12, reused: 451 },
  content: { checkedAt: '2026-03-01T12:00:00.000Z', problems: [], blocking: false, strict: false },
  contentHeldBack: false,
  notLive: { posts: null, content: null },
  siteUrl: 'https://centre.example.cm',
};

/** The server's settings as GET /api/settings gives them by default. */
export const centreSettings: AdminSettings = { timeZone: 'Africa/Douala', mail: false };

/**
 * The API's answer to a paged list: of the rows `?status=` selects (all without it), the 20 that
 * `?page=` asks for, with their total. `rows` is read at each request, for tests that change it.
 */
export function paged<T extends { status: string }>(rows: () => T[]) {
  return (call: ApiCall) => {
    const status = call.search.get('status');
    const selected = rows().filter((row) => !status || row.status === status);
    const page = Number(call.search.get('page') ?? 1);
    return json({ items: selected.slice((page - 1) * 20, page * 20), total: selected.length, page, pageSize: 20 });
  };
}

/** How many of `rows` have `?status=` (all without it), as the count routes answer. */
export function counted(rows: () => { status: string }[]) {
  return (call: ApiCall) => {
    const status = call.search.get('status');
    return json({ count: rows().filter((row) => !status || row.status === status).length });
  };
}

/** A message as the inbox lists it: its text as the excerpt. */
export function messageSummary({ message, ...rest }: ContactMessage): MessageSummary {
  return { ...rest, excerpt: message };
}

/**
 * The inbox's routes over `messages()`: its pages, its counts, and each message by id (404 once
 * gone), for the ids given.
 */
export function inbox(messages: () => ContactMessage[], ids = messages().map((message) => message._id)): ApiRoutes {
  const whole = (id: number) => () => {
    const found = messages().find((message) => message._id === id);
    return found ? json(found) : json({ message: 'Message not found' }, 404);
  };
  return {
    'GET /api/messages': paged(() => messages().map(messageSummary)),
    'GET /api/messages/count': counted(messages),
    ...Object.fromEntries(ids.map((id) => [`GET /api/messages/${id}`, whole(id)])),
  };
}

const noApplications = {
  total: 0,
  statuses: { new: 0, contacted: 0, enrolled: 0, declined: 0, withdrawn: 0 },
  programmes: [],
  intakes: [],
};

/**
 * A signed-in user: the stored token, its validation, the server's settings, the inbox and applications the navigation
 * polls (empty), and the site's status that posts' states are read against.
 */
export function signedIn(role: AdminRole = 'superAdmin', username = 'Aline'): ApiRoutes {
  localStorage.setItem('token', 'valid-token');
  localStorage.setItem('username', username);
  return {
    'GET /api/auth/validateToken': () => json({ username, role }),
    'GET /api/settings': () => json(centreSettings),
    ...inbox(() => []),
    'GET /api/applications': paged(() => []),
    'GET /api/applications/count': () => json({ count: 0 }),
    'GET /api/applications/facets': () => json(noApplications),
    'GET /api/subscribers': paged(() => []),
    'GET /api/interest': (call) => json(interestReport({ weeks: Number(call.search.get('weeks') ?? 52) })),
    'GET /api/site/status': () => json(idleSite),
    // A programme's form reads the list, for the next unconfirmed programme.
    'GET /api/content/programmes': () => json({ programmes: [], version: 'a'.repeat(40) }),
  };
}

const noSources = { whatsapp: 0, facebook: 0, google: 0, other: 0, none: 0, internal: 0 };
const noCounts = { viewsFr: 0, viewsEn: 0, preEnrolments: 0, callbacks: 0, messages: 0 };

/** A programme's counts for the report: `weeks` gives each week's (the oldest first), the totals are their sums. */
export function programmeInterest(
  slug: string,
  title: string,
  department: string | null,
  weeks: Array<Partial<InterestCounts>>,
  sources: Partial<ProgrammeInterest['sources']> = {},
): ProgrammeInterest {
  const filled = weeks.map((week) => ({ ...noCounts, ...week }));
  const totals = { ...noCounts };
  for (const week of filled) for (const key of Object.keys(totals) as Array<keyof InterestCounts>) totals[key] += week[key];
  return { slug, title, department, totals, weeks: filled, sources: { ...noSources, ...sources } };
}

/** GET /api/interest's answer: `weeks` Mondays ending with the week of 30/11/2026, and the programmes given (their weeks as many). */
export function interestReport({
  weeks = 52,
  programmes = [],
  departments = [],
  sources = {},
  readers = 0,
}: {
  weeks?: number;
  programmes?: ProgrammeInterest[];
  departments?: InterestReport['departments'];
  sources?: Partial<InterestReport['sources']>;
  readers?: number;
} = {}): InterestReport {
  const mondays = Array.from({ length: weeks }, (_, index) =>
    new Date(Date.UTC(2026, 10, 30) - (weeks - 1 - index) * 7 * 86_400_000).toISOString().slice(0, 10),
  );
  return {
    weeks: mondays,
    to: '2026-12-02',
    programmes,
    departments,
    sources: { ...noSources, ...sources },
    screens: { phone: 0, tablet: 0, desktop: 0 },
    readers,
  };
}
