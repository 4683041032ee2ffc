import {
  blankWeeklyHours,
  type CentreDetails,
  type ContentRevision,
  type ContentSaveResponse,
  type FaqDetails,
  type ProgrammeDetails,
  type ProgrammeSummary,
  type WeeklyHoursForm,
} from '@cfp/shared';

export const readVersion = 'a'.repeat(40);
export const savedVersion = 'b'.repeat(40);

/** Monday to Friday, `from` to `to`. */
export const weekdayHours = (from: string, to: string): WeeklyHoursForm => ({
  days: ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi'],
  from,
  to,
});

export function revision(overrides: Partial<ContentRevision> = {}): ContentRevision {
  return {
    version: readVersion,
    history: [
      {
        kind: 'staff',
        commit: 'c'.repeat(40),
        author: 'Alice',
        date: '2026-11-25T13:05:00.000Z',
        message: 'Centre details: e-mail',
        byStaff: true,
        fields: [{ label: 'Email address', before: '—', after: 'contact@cfp-nkoabang.cm' }],
        undoable: true,
      },
      {
        kind: 'staff',
        commit: 'e'.repeat(40),
        author: 'Alice',
        date: '2026-11-20T09:00:00.000Z',
        message: 'Centre details: phones',
        byStaff: true,
        fields: [{ label: 'Phones', before: '—', after: 'Accueil — 6 99 11 22 33' }],
        undoable: false,
      },
      { kind: 'git', count: 2, authors: ['Seed'], date: '2026-11-01T08:00:00.000Z' },
    ],
    unpushed: 0,
    ...overrides,
  };
}

export function centreDetails(overrides: Partial<CentreDetails> = {}): CentreDetails {
  return {
    values: {
      name: 'Centre de formation professionnelle de Nkoabang',
      shortName: 'CFP Nkoabang',
      tagline: 'Des métiers concrets, des diplômes reconnus',
      street: '',
      district: 'Nkoabang',
      city: 'Yaoundé',
      country: 'Cameroun',
      phones: [
        { label: 'Accueil', number: '' },
        { label: 'Inscriptions', number: '6 77 00 00 00' },
      ],
      whatsapp: '',
      email: 'contact@example.cm',
      mapUrl: '',
      openingHours: [weekdayHours('08:00', '18:00')],
      callbackDelay: 'sous deux jours ouvrables',
      approvalAuthority: 'MINEFOP',
      approvalNumber: '',
      approvalValidUntil: '',
      legalPublicationDirector: '',
      legalHost: '',
      legalDataProtectionLaw: '',
      social: { facebook: '', twitter: '', linkedin: '', youtube: '', tiktok: '', instagram: '' },
    },
    missing: [
      { field: 'phones.0.number', hint: 'numéro de l’accueil, ex. 6 99 00 00 00', optional: false },
      { field: 'social.tiktok', hint: 'URL du compte TikTok', optional: true },
    ],
    english: {
      file: 'content/en/centre.yaml',
      exists: true,
      values: {
        tagline: 'Practical trades, recognised diplomas',
        country: 'Cameroon',
        phones: [{ label: 'Reception' }, { label: 'Enrolment' }],
        callbackDelay: 'within two working days',
        approvalAuthority: 'Ministry of Employment and Vocational Training (MINEFOP)',
      },
    },
    revision: revision(),
    ...overrides,
  };
}

export function saveResponse(overrides: Partial<ContentSaveResponse> = {}): ContentSaveResponse {
  return {
    commit: 'e'.repeat(40),
    message: 'Centre details: phones',
    savedAt: '2026-11-26T09:00:00.000Z',
    unchanged: false,
    unpushed: 0,
    path: '/contact',
    revision: revision({ version: savedVersion }),
    ...overrides,
  };
}

export function programmeSummary(overrides: Partial<ProgrammeSummary> = {}): ProgrammeSummary {
  return {
    slug: 'soudure',
    title: 'Soudure',
    department: 'industriel-technique',
    departmentTitle: 'Industriel et technique',
    confirmed: false,
    retired: false,
    picture: false,
    gaps: ['fees', 'intakes', 'enrolmentDocuments'],
    path: '/formation/soudure',
    ...overrides,
  };
}

export function programmeDetails(english: Partial<ProgrammeDetails['english']> = {}): ProgrammeDetails {
  return {
    ...programmeSummary(),
    values: {
      durationMonths: '9',
      entryLevel: 'bepc',
      diplomaType: 'DQP',
      diplomaName: 'DQP de soudeur',
      diplomaAwardedBy: 'MINEFOP',
      schedules: ['jour'],
      scheduleHours: { jour: weekdayHours('08:00', '12:00'), soir: blankWeeklyHours(), weekend: blankWeeklyHours() },
      registrationFee: '',
      tuitionFee: '',
      instalments: '',
      intakes: [],
      enrolmentDocuments: [],
      confirmed: false,
      summary: 'Apprenez à souder.',
      job: 'Le soudeur assemble des pièces de métal.',
      skills: [
        'Lire un plan',
        'Préparer les pièces',
        'Souder à l’arc',
        'Souder au MIG',
        'Contrôler une soudure',
        'Travailler en sécurité',
      ],
      outlets: ['Atelier', 'Chantier', 'Industrie', 'À son compte'],
    },
    english: {
      file: 'content/en/formations/soudure.md',
      status: 'current',
      path: '/en/programmes/welding',
      values: {
        diplomaName: 'DQP in welding',
        diplomaAwardedBy: 'MINEFOP',
        enrolmentDocuments: [],
        summary: 'Learn to weld.',
        job: 'A welder joins metal parts.',
        skills: ['Read a drawing', 'Prepare the parts', 'Arc welding', 'MIG welding', 'Check a weld', 'Work safely'],
        outlets: ['Workshop', 'Building site', 'Industry', 'Self-employed'],
      },
      ...english,
    },
    revision: revision(),
  };
}

export function faqDetails(): FaqDetails {
  return {
    values: {
      items: [
        { question: 'Où se trouve le centre ?', answer: 'À Nkoabang.' },
        { question: 'Comment m’inscrire ?', answer: 'Appelez-nous.' },
        { question: 'Vos diplômes sont-ils reconnus ?', answer: 'Oui.' },
      ],
    },
    english: {
      file: 'content/en/faq.yaml',
      status: 'outdated',
      values: {
        items: [
          { question: 'Where is the centre?', answer: 'In Nkoabang.' },
          { question: 'How do I enrol?', answer: 'Call us.' },
          { question: 'Are your diplomas recognised?', answer: 'Yes.' },
        ],
      },
    },
    revision: revision(),
  };
}
