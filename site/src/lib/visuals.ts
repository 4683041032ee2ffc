import type { IconName } from './icons.ts';

/**
 * How departments and programmes look until the centre's photos arrive: a colour per
 * department (dark enough for white text at AA) and an icon per programme. Presentation,
 * not content, so it lives with the site rather than in content/.
 */
const departementVisuals: Record<string, { color: string; icon: IconName }> = {
  'informatique-digital': { color: '#1d4f91', icon: 'monitor-cog' },
  'comptabilite-gestion': { color: '#0f6b62', icon: 'calculator' },
  'audiovisuel-graphisme': { color: '#8a1d4f', icon: 'palette' },
  langues: { color: '#5b2d8f', icon: 'languages' },
  'industriel-technique': { color: '#8f4a0a', icon: 'factory' },
  automobile: { color: '#a12a22', icon: 'car' },
  'btp-architecture': { color: '#5a4634', icon: 'hard-hat' },
  'securite-qhse': { color: '#1f6b35', icon: 'shield-check' },
};

const fallback = { color: '#0d5c3a', icon: 'graduation-cap' as IconName };

export function departementVisual(slug: string) {
  return departementVisuals[slug] ?? fallback;
}

const programmeIcons: Record<string, IconName> = {
  'secretariat-bureautique': 'file-text',
  'secretariat-direction': 'briefcase',
  'secretariat-comptable': 'receipt',
  'reseau-securite': 'network',
  'montage-audiovisuel': 'clapperboard',
  'maintenance-informatique': 'monitor-cog',
  'logistique-transport': 'truck',
  grh: 'users',
  'graphisme-production': 'printer',
  'developpement-applications': 'code',
  'design-graphique-2d-3d': 'pen-tool',
  'data-analysis': 'chart',
  'comptabilite-informatisee-gestion': 'calculator',
  'comptabilite-controle-audit': 'file-search',
  'conception-architecturale': 'drafting-compass',
  'marketing-digital-communication': 'megaphone',
  'community-management': 'messages',
  caissiere: 'banknote',
  'assistant-manager': 'calendar-check',
  'telesurveillance-alarme-securite': 'cctv',
  'reparation-automobile': 'wrench',
  'electricite-automobile': 'car-battery',
  'mecatronicien-automobile': 'circuit-board',
  'plomberie-installation-sanitaire': 'shower-head',
  hydraulique: 'droplets',
  'electricite-batiment': 'plug-zap',
  'electricite-industrielle': 'zap',
  chaudronnerie: 'hammer',
  soudure: 'flame',
  'froid-climatisation': 'snowflake',
  'plombier-tuyauteur-industriel': 'faucet',
  qhse: 'clipboard-check',
  'technicien-surface': 'spray-can',
  'energie-renouvelable': 'solar-panel',
};

/** Language programmes show a greeting in the language taught instead of an icon. */
const greetings: Record<string, string> = {
  anglais: 'Hello',
  allemand: 'Hallo',
  chinois: '你好',
  italien: 'Ciao',
  espagnol: 'Hola',
};

export type ProgrammeVisual = { color: string } & (
  | { icon: IconName; greeting?: undefined }
  | { greeting: string; icon?: undefined }
);

export function programmeVisual(slug: string, departement: string): ProgrammeVisual {
  const { color, icon } = departementVisual(departement);
  const greeting = greetings[slug];
  if (greeting) return { color, greeting };
  return { color, icon: programmeIcons[slug] ?? icon };
}
