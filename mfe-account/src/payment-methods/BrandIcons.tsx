import type { ComponentType, CSSProperties, ReactNode } from 'react';
import { cardBrandLabel, toCardBrand, type CardBrand } from '@swapstuff/contracts';

/**
 * The card brands' icons of the card-entry step (spec section 1: diners-type, american-express-type,
 * discover-type, jcb-type, solo-type, visa-style and a card scheme logo): small inline SVGs, simple marks
 * drawn here (no external images). Each is an image named by its brand for assistive technology.
 */

export interface BrandIconProps {
  /** the brand's name as read out; each icon has its own */
  label?: string;
  /** width in px (the height follows, 3:2 like a card) */
  width?: number;
  style?: CSSProperties;
}

function Frame({
  label,
  width = 40,
  style,
  background,
  children,
}: Required<Pick<BrandIconProps, 'label'>> & BrandIconProps & { background: string; children: ReactNode }) {
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox="0 0 48 32"
      width={width}
      height={(width * 2) / 3}
      focusable="false"
      style={{ display: 'block', flex: 'none', ...style }}
    >
      <title>{label}</title>
      <rect x="0.5" y="0.5" width="47" height="31" rx="4" fill={background} stroke="#d9d9d9" />
      {children}
    </svg>
  );
}

const font = { fontFamily: 'Arial, Helvetica, sans-serif', fontWeight: 700 } as const;

export function VisaIcon({ label = 'Visa', ...props }: BrandIconProps) {
  return (
    <Frame label={label} background="#ffffff" {...props}>
      <text x="24" y="20" textAnchor="middle" fontSize="14" fontStyle="italic" fill="#1a1f71" {...font}>
        VISA
      </text>
      <rect x="6" y="24" width="36" height="2.5" rx="1" fill="#f7b600" />
    </Frame>
  );
}

export function AmexIcon({ label = 'American Express', ...props }: BrandIconProps) {
  return (
    <Frame label={label} background="#1f72cd" {...props}>
      <rect x="5" y="9" width="38" height="14" rx="1.5" fill="none" stroke="#ffffff" strokeWidth="1.2" />
      <text x="24" y="20.5" textAnchor="middle" fontSize="10.5" letterSpacing="0.6" fill="#ffffff" {...font}>
        AMEX
      </text>
    </Frame>
  );
}

export function DiscoverIcon({ label = 'Discover', ...props }: BrandIconProps) {
  return (
    <Frame label={label} background="#ffffff" {...props}>
      <path d="M18 31.5 H43.5 A4 4 0 0 0 47.5 27.5 V17 Q38 29 18 31.5 Z" fill="#f58220" />
      <text x="4.5" y="15.5" fontSize="7" fill="#231f20" {...font}>
        DISC
      </text>
      <circle cx="25.2" cy="13" r="3.2" fill="#f58220" />
      <text x="29" y="15.5" fontSize="7" fill="#231f20" {...font}>
        VER
      </text>
    </Frame>
  );
}

export function DinersIcon({ label = 'Diners Club', ...props }: BrandIconProps) {
  return (
    <Frame label={label} background="#ffffff" {...props}>
      <circle cx="24" cy="16" r="11" fill="#0079be" />
      <circle cx="24" cy="16" r="8" fill="#ffffff" />
      <path d="M21.5 9.5 A7 7 0 0 0 21.5 22.5 Z M26.5 9.5 A7 7 0 0 1 26.5 22.5 Z" fill="#0079be" />
    </Frame>
  );
}

export function JcbIcon({ label = 'JCB', ...props }: BrandIconProps) {
  const band = (x: number, fill: string, letter: string) => (
    <g key={letter}>
      <rect x={x} y="6" width="11" height="20" rx="3.5" fill={fill} />
      <text x={x + 5.5} y="20" textAnchor="middle" fontSize="9.5" fill="#ffffff" {...font}>
        {letter}
      </text>
    </g>
  );
  return (
    <Frame label={label} background="#ffffff" {...props}>
      {band(6.5, '#0e4c96', 'J')}
      {band(18.5, '#e11f26', 'C')}
      {band(30.5, '#009f4d', 'B')}
    </Frame>
  );
}

export function SoloIcon({ label = 'Solo', ...props }: BrandIconProps) {
  return (
    <Frame label={label} background="#ffffff" {...props}>
      <circle cx="13" cy="16" r="7" fill="#f9a01b" />
      <circle cx="13" cy="16" r="3.5" fill="#ffd34e" />
      <text x="22" y="20" fontSize="11.5" fill="#1f3f8f" {...font}>
        solo
      </text>
    </Frame>
  );
}

/** The card scheme logo: a card with its chip and a scheme's two rings, for every other brand. */
export function CardSchemeIcon({ label = 'Card', ...props }: BrandIconProps) {
  return (
    <Frame label={label} background="#f0f2f5" {...props}>
      <rect x="6" y="8" width="9" height="7" rx="1.5" fill="#d4a72c" />
      <path d="M6 11.5 H15 M10.5 8 V15" stroke="#a8821d" strokeWidth="0.7" />
      <circle cx="33" cy="12" r="5" fill="#8c8c8c" fillOpacity="0.85" />
      <circle cx="38" cy="12" r="5" fill="#bfbfbf" fillOpacity="0.85" />
      <rect x="6" y="21" width="22" height="2.5" rx="1" fill="#8c8c8c" />
      <rect x="31" y="21" width="11" height="2.5" rx="1" fill="#8c8c8c" />
    </Frame>
  );
}

/** Stripe's brand → its icon; mastercard, unionpay and unknown show the card scheme logo. */
const ICON_OF: Record<CardBrand, ComponentType<BrandIconProps>> = {
  visa: VisaIcon,
  amex: AmexIcon,
  discover: DiscoverIcon,
  diners: DinersIcon,
  jcb: JcbIcon,
  mastercard: CardSchemeIcon,
  unionpay: CardSchemeIcon,
  unknown: CardSchemeIcon,
};

/** A brand's icon by the name the api or the provider answers (`visa`, `amex` …), labelled with its name. */
export function CardBrandIcon({ brand, ...props }: { brand: string } & Omit<BrandIconProps, 'label'>) {
  const known = toCardBrand(brand);
  const Icon = ICON_OF[known];
  return <Icon label={cardBrandLabel(known)} {...props} />;
}

/**
 * The icons the card-entry step shows (spec section 1), each with the brands it stands for: the one a
 * typed number belongs to is the one highlighted.
 */
export const ACCEPTED_CARD_ICONS: {
  key: string;
  label: string;
  Icon: ComponentType<BrandIconProps>;
  brands: CardBrand[];
}[] = [
  { key: 'visa', label: 'Visa', Icon: VisaIcon, brands: ['visa'] },
  { key: 'amex', label: 'American Express', Icon: AmexIcon, brands: ['amex'] },
  { key: 'discover', label: 'Discover', Icon: DiscoverIcon, brands: ['discover'] },
  { key: 'diners', label: 'Diners Club', Icon: DinersIcon, brands: ['diners'] },
  { key: 'jcb', label: 'JCB', Icon: JcbIcon, brands: ['jcb'] },
  { key: 'solo', label: 'Solo', Icon: SoloIcon, brands: [] },
  {
    key: 'scheme',
    label: 'Mastercard, UnionPay and other cards',
    Icon: CardSchemeIcon,
    brands: ['mastercard', 'unionpay'],
  },
];
