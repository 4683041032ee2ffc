import type { IconName } from './icons.ts';

/**
 * How departments, programmes and careers look until the centre's photos arrive: a colour
 * per department (dark enough for white text at AA) and a lucide icon per programme and
 * career, composed into illustrations by lib/illustrations.ts. Presentation, not content,
 * so it lives with the site rather than in content/.
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
  chinois: 'Nǐ hǎo',
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

/** Career cards (the `image` keys of content/departements/*.md, without "careers/"). */
const careerIcons: Record<string, IconName> = {
  'informatique-technicien-support': 'cpu',
  'informatique-developpeur-web-mobile': 'smartphone',
  'informatique-community-manager': 'share-2',
  'informatique-charge-marketing-digital': 'megaphone',
  'informatique-analyste-donnees': 'chart-line',
  'informatique-administrateur-reseaux': 'network',
  'comptabilite-gestionnaire-rh-paie': 'users',
  'comptabilite-comptable': 'calculator',
  'comptabilite-caissier': 'banknote',
  'comptabilite-auditeur-junior': 'file-search',
  'comptabilite-assistant-direction': 'calendar-check',
  'comptabilite-agent-logistique': 'package',
  'audiovisuel-videaste-evenementiel': 'video',
  'audiovisuel-operateur-prepresse': 'printer',
  'audiovisuel-motion-designer': 'film',
  'audiovisuel-monteur-video': 'monitor-play',
  'audiovisuel-graphiste-pao': 'brush',
  'audiovisuel-designer-2d-3d': 'box',
  'langues-teleconseiller': 'headset',
  'langues-interprete-liaison': 'languages',
  'langues-assistant-bilingue': 'signature',
  'langues-agent-import-export': 'ship',
  'langues-agent-accueil-tourisme': 'concierge-bell',
  'industriel-soudeur-chaudronnier': 'flame',
  'industriel-installateur-solaire': 'solar-panel',
  'industriel-frigoriste-climaticien': 'snowflake',
  'industriel-electricien-maintenance': 'cog',
  'industriel-electricien-batiment': 'plug-zap',
  'industriel-agent-proprete': 'spray-can',
  'automobile-receptionnaire-atelier': 'clipboard-list',
  'automobile-mecatronicien': 'gauge',
  'automobile-mecanicien': 'wrench',
  'automobile-gerant-garage': 'store',
  'automobile-electricien': 'battery-charging',
  'btp-tuyauteur-industriel': 'drill',
  'btp-technicien-hydraulique': 'droplets',
  'btp-plombier-sanitaire': 'shower-head',
  'btp-dessinateur-projeteur': 'ruler',
  'btp-chef-equipe-chantier': 'construction',
  'securite-operateur-telesurveillance': 'cctv',
  'securite-installateur-videosurveillance': 'camera',
  'securite-auditeur-qualite': 'clipboard-check',
  'securite-animateur-qhse': 'presentation',
  'securite-agent-hse-chantier': 'hard-hat',
};

/** A career card's visual; a career added later without an entry here shows its department's icon. */
export function careerVisual(key: string, departement: string): { color: string; icon: IconName } {
  const { color, icon } = departementVisual(departement);
  return { color, icon: careerIcons[key.replace(/^careers\//, '')] ?? icon };
}
