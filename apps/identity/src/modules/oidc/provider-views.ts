import type { KoaContextWithOIDC } from 'oidc-provider';
import { html, SafeHtml } from '@questa/http-kit';
import { pageHeaders, renderPage, type Page, type PageContext } from '../../pages/layout';
import { localeFrom } from '../../pages/locale';
import { messagePage } from '../../pages/message-page';
import { catalogue } from '../../pages/messages';

/**
 * The language of a page oidc-provider renders: the `ui_locales` the sign-out request carried
 * (Questa passes the app's language on), else the browser's languages (decision 0012).
 */
const messagesOfContext = (ctx: KoaContextWithOIDC) =>
  catalogue[
    localeFrom([ctx.oidc?.params?.ui_locales, ctx.query.ui_locales], ctx.get('accept-language'))
  ];

function respond(ctx: KoaContextWithOIDC, context: PageContext, page: Page) {
  for (const [name, value] of Object.entries(pageHeaders)) ctx.set(name, value);
  ctx.body = renderPage(context, page);
}

/** The pages oidc-provider renders itself, in Questa's look. */
export function providerViews(context: PageContext) {
  return {
    /**
     * Asks to confirm the sign-out. When Questa itself sent the person here (with the ID token it
     * holds), a small script presses the button at once, so signing out takes one click.
     */
    async logoutSource(ctx: KoaContextWithOIDC, form: string) {
      const automatic = ctx.oidc.entities.IdTokenHint !== undefined;
      const t = messagesOfContext(ctx);
      respond(ctx, context, {
        title: t.signedOut.confirmTitle,
        lang: t.lang,
        script: automatic ? 'logout.js' : undefined,
        body: html`<h1>${t.signedOut.confirmHeading}</h1>
          <p class="lead">${t.signedOut.confirmLead}</p>
          ${new SafeHtml(form) /* oidc-provider's own markup, such as its logout form */}
          <button
            type="submit"
            form="op.logoutForm"
            name="logout"
            value="yes"
            class="button button--primary"
            ${automatic && html` data-auto-submit`}
          >
            ${t.signedOut.submit}
          </button>`,
      });
    },

    async postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
      const t = messagesOfContext(ctx);
      respond(
        ctx,
        context,
        messagePage({
          lang: t.lang,
          title: t.signedOut.doneTitle,
          lead: t.signedOut.doneLead,
          action: { label: t.signedOut.back, href: context.homeUrl },
        }),
      );
    },

    async renderError(
      ctx: KoaContextWithOIDC,
      out: { error: string; error_description?: string },
      _error: Error,
    ) {
      respond(
        ctx,
        context,
        messagePage({
          title: 'Sign-in could not continue',
          lead: out.error_description ?? 'The request to sign in was not valid.',
          details: html`<p>Error code: <code>${out.error}</code></p>`,
          action: { label: 'Back to Questa', href: context.homeUrl },
        }),
      );
    },
  };
}
