import type { KoaContextWithOIDC } from 'oidc-provider';
import { html, SafeHtml } from '@questa/http-kit';
import { pageHeaders, renderPage, type Page, type PageContext } from '../../pages/layout';
import { messagePage } from '../../pages/message-page';

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
      respond(ctx, context, {
        title: 'Sign out',
        script: automatic ? 'logout.js' : undefined,
        body: html`<h1>Sign out of Questa?</h1>
          <p class="lead">This ends your Questa session on this device.</p>
          ${new SafeHtml(form) /* oidc-provider's own markup, such as its logout form */}
          <button
            type="submit"
            form="op.logoutForm"
            name="logout"
            value="yes"
            class="button button--primary"
            ${automatic && html` data-auto-submit`}
          >
            Sign out
          </button>`,
      });
    },

    async postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
      respond(
        ctx,
        context,
        messagePage({
          title: 'You are signed out',
          lead: 'Your Questa session on this device has ended.',
          action: { label: 'Back to Questa', href: context.homeUrl },
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
