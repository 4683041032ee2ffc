import { describe, expect, it } from 'vitest';
import { type Centre, contactDetails, expandDirectives } from '../src/index.ts';

const placeholder = (what: string) => `[À COMPLÉTER: ${what}]`;

function centre(filled: boolean): Centre {
  const value = (real: string, what: string) => (filled ? real : placeholder(what));
  return {
    name: value('Centre de Formation Nkoabang', 'nom'),
    shortName: value('CFN', 'sigle'),
    tagline: 'Des métiers concrets',
    address: { street: value('Carrefour Nkoabang', 'rue'), district: 'Nkoabang', city: 'Yaoundé', country: 'Cameroun' },
    phones: [{ label: 'Accueil', number: value('+237699000000', 'numéro'), display: value('6 99 00 00 00', 'affichage') }],
    whatsapp: { number: value('+237699000001', 'numéro'), display: value('6 99 00 00 01', 'affichage') },
    email: value('contact@cfn.cm', 'e-mail'),
    mapUrl: value('https://maps.example.org/cfn', 'plan'),
    openingHours: [{ days: ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi'], from: '08:00', to: '18:00' }],
    callbackDelay: value('sous deux jours ouvrables', 'délai'),
    approval: { authority: 'MINEFOP', number: value('123/MINEFOP', 'numéro'), validUntil: value('2028-12-31', 'date') },
    legal: {
      publicationDirector: value('La directrice', 'directeur'),
      host: value('Hébergeur', 'hébergeur'),
      dataProtectionLaw: value('Loi', 'loi'),
    },
    social: {},
  };
}

const filled = contactDetails(centre(true));
const empty = contactDetails(centre(false));

describe('text directives', () => {
  it('write every channel the centre has given, with working links', () => {
    expect(expandDirectives('<p>Vous hésitez ? :nous-joindre.</p>', filled)).toBe(
      '<p>Vous hésitez ? Appelez-nous au <a href="tel:+237699000000">6 99 00 00 00</a>, écrivez-nous sur WhatsApp au ' +
        '<a href="https://wa.me/237699000001">6 99 00 00 01</a> ou par e-mail à <a href="mailto:contact@cfn.cm">contact@cfn.cm</a>, ' +
        'ou utilisez le <a href="/contact">formulaire de contact</a>.</p>',
    );
  });

  it('fall back to the contact form when no channel is given, and promise nothing else', () => {
    expect(expandDirectives('<p>:nous-joindre : nous répondons.</p>', empty)).toBe(
      '<p>Écrivez-nous grâce au <a href="/contact">formulaire de contact</a> : nous répondons.</p>',
    );
    expect(expandDirectives('Consultez la FAQ ou :appeler.', empty)).toBe(
      'Consultez la FAQ ou écrivez-nous grâce au <a href="/contact">formulaire de contact</a>.',
    );
  });

  it('give the address with the map only when there is one, and the approval number only when it is known', () => {
    expect(expandDirectives('Nous sommes à :adresse.', filled)).toBe(
      'Nous sommes à Carrefour Nkoabang, Nkoabang, Yaoundé (<a href="https://maps.example.org/cfn">plan d’accès</a>).',
    );
    expect(expandDirectives('Nous sommes à :adresse.', empty)).toBe('Nous sommes à Nkoabang, Yaoundé.');
    expect(expandDirectives('Le centre est :agrement.', filled)).toBe(
      'Le centre est agréé par le MINEFOP, agrément n°\u00a0123/MINEFOP valable jusqu’au 31 décembre 2028.',
    );
    expect(expandDirectives('Le centre est :agrement.', empty)).toBe('Le centre est agréé par le MINEFOP.');
  });

  it('are written in the text only: never inside a tag, where a link’s address would be closed, nor inside a link’s text', () => {
    // `[x](/blog/(:adresse)` rendered: the directive sits in the href.
    const crafted = '<p><a href="/blog/(:adresse">plan</a>) et <a href="/contact" title=":appeler">:nous-joindre</a></p>';
    expect(expandDirectives(crafted, filled)).toBe(crafted);
    expect(expandDirectives('<p><a href="/faq">FAQ</a> puis :preinscrire.</p>', filled)).toBe(
      '<p><a href="/faq">FAQ</a> puis <a href="/preinscription">pré-inscrivez-vous en ligne</a>.</p>',
    );
  });

  it('leave alone what only looks like a directive: URLs, times, unknown names', () => {
    const text = '<a href="https://x.cm/a:appeler">lien</a> à 8:30, :inconnue, mailto:appeler';
    expect(expandDirectives(text, filled)).toBe(text);
  });
});
