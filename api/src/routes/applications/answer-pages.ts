import { createHash } from 'node:crypto';
import { escapeHtml } from '@cfp/content';
import { type ApplicationNextSteps, answerPagePolicy, publicFormMessages } from '@cfp/shared';
import type { FastifyReply } from 'fastify';

/**
 * The pages a student sees after posting the pre-enrolment form without JavaScript: the API
 * answers with them itself, since the confirmation carries the reference the API has just made.
 * Self-contained (one inline stylesheet, no script, no image), in the site's colours.
 */

const style = `
body{margin:0;font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2421;background:#f5f7f4}
header{background:#0d5c3a;color:#fff;padding:.75rem 1rem;font-weight:700}
main{max-width:40rem;margin:0 auto;padding:1.5rem 1rem 3rem}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 .75rem}
h2{font-size:1.125rem;margin:1.5rem 0 .5rem}
.box{background:#fff;border:1px solid #dde3df;border-radius:.5rem;padding:1rem}
.reference{font-size:1.375rem;font-weight:700;letter-spacing:.05em}
ul{padding-left:1.25rem;margin:.25rem 0}
li{margin:.25rem 0}
.error{color:#a11a1a}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}
a{color:#0d5c3a}
.button{display:inline-flex;align-items:center;min-height:2.75rem;padding:0 1rem;border-radius:.5rem;border:2px solid #0d5c3a;font-weight:600;text-decoration:none}
.primary{background:#0d5c3a;color:#fff}
`.trim();

/** The Content-Security-Policy of these pages: their stylesheet by hash, nothing else. */
export const answerPageContentPolicy = answerPagePolicy(`sha256-${createHash('sha256').update(style).digest('base64')}`);

function page(title: string, centreName: string, body: string): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} – ${escapeHtml(centreName)}</title><style>${style}</style></head><body><header>${escapeHtml(centreName)}</header><main>${body}</main></body></html>`;
}

const list = (items: string[]) => `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;

export function confirmationPage(options: {
  reference: string;
  message: string;
  nextSteps: ApplicationNextSteps;
  centreName: string;
  siteUrl: string;
}): string {
  const { reference, message, nextSteps, centreName, siteUrl } = options;
  const body = [
    '<h1>Pré-inscription enregistrée</h1>',
    `<p>${escapeHtml(message)}</p>`,
    `<div class="box"><p>Formation\u00a0: <strong>${escapeHtml(nextSteps.programmeTitle)}</strong></p>`,
    `<p>Votre référence\u00a0: <span class="reference">${escapeHtml(reference)}</span><br>Notez-la et donnez-la quand le centre vous appelle.</p></div>`,
    '<h2>Et maintenant\u00a0?</h2>',
    `<p>${escapeHtml(nextSteps.callback)}</p>`,
    '<h2>Les pièces du dossier d’inscription</h2>',
    nextSteps.documents.length > 0 ? list(nextSteps.documents) : `<p>${publicFormMessages.applicationNoDocuments}</p>`,
    ...(nextSteps.fees.length > 0 ? ['<h2>Les frais</h2>', list(nextSteps.fees)] : []),
    '<div class="actions">',
    ...(nextSteps.whatsappUrl
      ? [`<a class="button primary" href="${escapeHtml(nextSteps.whatsappUrl)}">Écrire au centre sur WhatsApp</a>`]
      : []),
    `<a class="button" href="${escapeHtml(nextSteps.programmeUrl)}">Retour à la formation</a>`,
    `<a class="button" href="${escapeHtml(siteUrl)}/formations">Voir les formations</a>`,
    '</div>',
  ].join('');
  return page('Pré-inscription enregistrée', centreName, body);
}

/**
 * A post the API refused (invalid field, too many tries): what to correct, field by field. The
 * browser's Back button returns to the form with what was typed still in it.
 */
export function refusalPage(options: { problems: string[]; centreName: string; backUrl: string }): string {
  const { problems, centreName, backUrl } = options;
  const body = [
    '<h1>Votre pré-inscription n’est pas encore envoyée</h1>',
    `<div class="box error">${list(problems)}</div>`,
    '<p>Revenez au formulaire avec le bouton Retour de votre navigateur\u00a0: ce que vous avez saisi y est toujours. Corrigez, puis envoyez de nouveau.</p>',
    `<div class="actions"><a class="button" href="${escapeHtml(backUrl)}">Revenir à la formation</a></div>`,
  ].join('');
  return page('Pré-inscription à corriger', centreName, body);
}

/** Sends one of these pages (its policy is the route's `pagePolicy`, set by the security headers). */
export function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).type('text/html; charset=utf-8').send(html);
}
