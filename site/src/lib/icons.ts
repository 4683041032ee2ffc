import {
  ArrowLeft,
  ArrowRight,
  Award,
  BadgeCheck,
  Banknote,
  BookOpen,
  BriefcaseBusiness,
  Calculator,
  CalendarCheck,
  Car,
  CarBattery,
  Cctv,
  ChartColumn,
  ChevronDown,
  CircuitBoard,
  Clapperboard,
  ClipboardCheck,
  Clock,
  CodeXml,
  DraftingCompass,
  Droplets,
  Factory,
  Faucet,
  FileSearch,
  FileText,
  Flame,
  GraduationCap,
  Hammer,
  Handshake,
  HardHat,
  House,
  Languages,
  LayoutGrid,
  Mail,
  MapPin,
  Megaphone,
  Menu,
  MessageCircle,
  MessagesSquare,
  MonitorCog,
  Network,
  Palette,
  PenTool,
  Phone,
  PlugZap,
  Printer,
  Receipt,
  ShieldCheck,
  ShowerHead,
  Snowflake,
  SolarPanel,
  SprayCan,
  Timer,
  Truck,
  Users,
  Wrench,
  X,
  Zap,
} from 'lucide-static';

/**
 * The few lucide icons the site inlines, by a short name. Each is an SVG string; only the
 * ones named here end up in the HTML, never the sprite.
 */
export const icons = {
  'arrow-left': ArrowLeft,
  'arrow-right': ArrowRight,
  award: Award,
  'badge-check': BadgeCheck,
  banknote: Banknote,
  'book-open': BookOpen,
  briefcase: BriefcaseBusiness,
  calculator: Calculator,
  'calendar-check': CalendarCheck,
  car: Car,
  'car-battery': CarBattery,
  cctv: Cctv,
  chart: ChartColumn,
  'chevron-down': ChevronDown,
  'circuit-board': CircuitBoard,
  clapperboard: Clapperboard,
  'clipboard-check': ClipboardCheck,
  clock: Clock,
  code: CodeXml,
  'drafting-compass': DraftingCompass,
  droplets: Droplets,
  factory: Factory,
  faucet: Faucet,
  'file-search': FileSearch,
  'file-text': FileText,
  flame: Flame,
  'graduation-cap': GraduationCap,
  grid: LayoutGrid,
  hammer: Hammer,
  handshake: Handshake,
  'hard-hat': HardHat,
  house: House,
  languages: Languages,
  mail: Mail,
  'map-pin': MapPin,
  megaphone: Megaphone,
  menu: Menu,
  'message-circle': MessageCircle,
  messages: MessagesSquare,
  'monitor-cog': MonitorCog,
  network: Network,
  palette: Palette,
  'pen-tool': PenTool,
  phone: Phone,
  'plug-zap': PlugZap,
  printer: Printer,
  receipt: Receipt,
  'shield-check': ShieldCheck,
  'shower-head': ShowerHead,
  'solar-panel': SolarPanel,
  'spray-can': SprayCan,
  snowflake: Snowflake,
  timer: Timer,
  truck: Truck,
  users: Users,
  wrench: Wrench,
  x: X,
  zap: Zap,
} as const;

export type IconName = keyof typeof icons;

const bodies = new Map<IconName, string>();

/** The inner markup of an icon (its paths), whitespace collapsed, ready for an <svg> of our own. */
export function iconBody(name: IconName): string {
  let body = bodies.get(name);
  if (body === undefined) {
    const svg = icons[name];
    body = svg
      .slice(svg.indexOf('>', svg.indexOf('<svg')) + 1, svg.lastIndexOf('</svg>'))
      .replace(/\s+/g, ' ')
      .replace(/> </g, '><')
      .replace(/ \/>/g, '/>')
      .trim();
    bodies.set(name, body);
  }
  return body;
}
