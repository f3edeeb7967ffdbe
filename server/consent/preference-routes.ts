/**
 * The public e-mail preference pages, outside /api (they are pages of the college site, opened
 * from a mail): `/email-preferences?token=…` (opt in with an unticked checkbox, or withdraw) and
 * `/unsubscribe?token=…` (one button; a POST to it is also the RFC 8058 one-click unsubscribe a
 * mail client sends with the body `List-Unsubscribe=One-Click`, answered 200 at once). No sign-in
 * and no script: server-rendered HTML forms posting back to the same address. The token is the
 * authority (an unforgeable, expiring seal of the address and purpose, consent-token.ts): only a
 * consent link may opt in, any valid link may withdraw. An opt-in must also come from this page
 * itself (same-site.ts): a form on another site that posts a leaked link records nothing. Opting
 * in proves the mailbox is its owner's (confirmed-addresses.ts). Tokens travel as `token=` query
 * parameters, which the request log redacts (server/logger.ts). The pages are `noindex`, never cached.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { h, type ComponentChild } from 'preact';
import type { AppContext } from '../context';
import { ConsentPage, InvalidLinkPage, UnsubscribePage } from '../../site/email/EmailPages';
import { consentForPerson } from './consent-sentence';
import { recordConsent } from './consent-store';
import { CONSENT_PAGE_PATH, LINK_ORIGINS, linkTokens, mayOptIn, UNSUBSCRIBE_PATH, type LinkClaim, type LinkOrigin } from './consent-token';
import { CONSENT_FORM, CONSENT_WORDING } from './consent-wording';
import { preferencePage } from './preference-pages';
import { confirmAddress } from './confirmed-addresses';
import { fromThisSite } from '../http/same-site';

/** Form bodies are a few fields; a mail client's one-click POST is one. */
const FORM_LIMIT_BYTES = 4096;

type Query = { token?: string; via?: string };
type Form = Record<string, string>;

function parseForm(raw: string): Form {
  return Object.fromEntries(new URLSearchParams(raw));
}

/** RFC 8058: the body is `List-Unsubscribe=One-Click`, form-urlencoded or as a multipart part. */
const isOneClick = (raw: string): boolean => /List-Unsubscribe[\s\S]*One-Click/.test(raw);

function viaOf(value: string | undefined): LinkOrigin | null {
  return value && value in LINK_ORIGINS ? (value as LinkOrigin) : null;
}

export function registerPreferencePages(app: FastifyInstance, ctx: AppContext): void {
  const send = (reply: FastifyReply, status: number, title: string, body: ComponentChild) =>
    reply
      .status(status)
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('X-Robots-Tag', 'noindex, nofollow')
      .send(preferencePage(ctx.config.distDir, title, body));
  const invalid = (reply: FastifyReply, expired: boolean) =>
    send(reply, expired ? 410 : 404, expired ? 'This link has expired' : 'This link does not work', h(InvalidLinkPage, { expired }));
  /** The link's claim, or the page that says why it cannot be used (sent, and null returned). */
  const claimOf = async (request: FastifyRequest, reply: FastifyReply): Promise<LinkClaim | null> => {
    const reading = (await linkTokens(ctx.db.pool, ctx.config)).read((request.query as Query).token ?? '');
    if (reading.ok) return reading.claim;
    await invalid(reply, reading.reason === 'expired');
    return null;
  };
  /** The page's own address, token and origin included (the forms post back to it). */
  const selfUrl = (request: FastifyRequest) => request.url;

  void app.register(async (pages) => {
    // Bodies arrive as forms (urlencoded or multipart): kept as text and read here.
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser('*', { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES }, (_request, body, done) => done(null, body));

    const consentPage = async (request: FastifyRequest, reply: FastifyReply, form: Form | null) => {
      const claim = await claimOf(request, reply);
      if (!claim) return reply;
      const { email } = claim;
      const via = viaOf((request.query as Query).via);
      const source = `${CONSENT_PAGE_PATH}${via ? `, link in ${LINK_ORIGINS[via]}` : ''}`;
      let notice: { text: string; error?: boolean } | undefined;
      let status = 200;
      if (form && !fromThisSite(request)) {
        status = 403;
        notice = { text: 'This choice can only be made on this page. Please open the link in your e-mail and choose again.', error: true };
      } else if (form?.action === 'opt-in' && !mayOptIn(claim)) {
        status = 403;
        notice = {
          text: 'This link can only unsubscribe. To hear from us again, use the link in our latest e-mail or write to us.',
          error: true,
        };
      } else if (form?.action === 'opt-in' && form.agree !== 'yes') {
        status = 400;
        notice = { text: 'Please tick the box to agree, then choose "Keep me informed".', error: true };
      } else if (form?.action === 'opt-in' || form?.action === 'withdraw') {
        const optIn = form.action === 'opt-in';
        await recordConsent(ctx.db.pool, {
          email,
          kind: optIn ? 'express' : 'withdrawn',
          wording: CONSENT_WORDING,
          form: CONSENT_FORM,
          method: 'consent page',
          source,
          ip: request.ip,
        });
        if (optIn) await confirmAddress(ctx.db.pool, email);
        notice = {
          text: optIn
            ? 'Thank you. We will keep you informed about programs and intakes.'
            : 'Done. We will send you no more e-mails about programs, intakes or offers.',
        };
      }
      const { state, sentence } = await consentForPerson(ctx.db.pool, email, new Date());
      return send(
        reply,
        status,
        'E-mail preferences',
        h(ConsentPage, {
          action: selfUrl(request),
          consentSentence: sentence,
          express: state.kind === 'express',
          canOptIn: mayOptIn(claim),
          withdrawn: state.kind === 'withdrawn',
          wording: CONSENT_WORDING,
          notice,
        }),
      );
    };
    pages.get(CONSENT_PAGE_PATH, (request, reply) => consentPage(request, reply, null));
    pages.post(CONSENT_PAGE_PATH, (request, reply) => consentPage(request, reply, parseForm(String(request.body ?? ''))));

    const unsubscribePage = (request: FastifyRequest, reply: FastifyReply, done: boolean) => {
      const token = (request.query as Query).token ?? '';
      const preferences = `${CONSENT_PAGE_PATH}?token=${encodeURIComponent(token)}`;
      return send(reply, 200, 'Unsubscribe', h(UnsubscribePage, { action: selfUrl(request), done, preferences }));
    };
    pages.get(UNSUBSCRIBE_PATH, async (request, reply) =>
      (await claimOf(request, reply)) ? unsubscribePage(request, reply, false) : reply,
    );
    // No same-site check: a mail client's one-click POST comes from no page at all (RFC 8058), and a
    // forged withdrawal only stops mail.
    pages.post(UNSUBSCRIBE_PATH, async (request, reply) => {
      const claim = await claimOf(request, reply);
      if (!claim) return reply;
      const { email } = claim;
      const raw = String(request.body ?? '');
      const oneClick = isOneClick(raw);
      await recordConsent(ctx.db.pool, {
        email,
        kind: 'withdrawn',
        method: oneClick ? 'one-click' : 'unsubscribe page',
        source: oneClick ? 'List-Unsubscribe header (RFC 8058)' : UNSUBSCRIBE_PATH,
        ip: request.ip,
      });
      return unsubscribePage(request, reply, true);
    });
  });
}
