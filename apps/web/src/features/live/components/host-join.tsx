import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n';

/** The join link's QR code, drawn by a library loaded only here. */
export function JoinQrCode({ url, small = false }: { url: string; small?: boolean }) {
  const t = useT();
  const [svg, setSvg] = useState<string>();
  useEffect(() => {
    let live = true;
    void import('qrcode').then((qr) =>
      qr.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((drawn) => {
        if (live) setSvg(drawn);
      }),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <div
      className={small ? 'live-qr live-qr--small' : 'live-qr'}
      role="img"
      aria-label={t('live.host.qr', { url })}
      // The SVG is the QR library's drawing of Questa's own join address.
      dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
    />
  );
}

/** Where players go: the address with `/live` spelt out, as a phone's address bar needs it. */
export const joinAddress = () => `${window.location.host}/live`;
export const joinUrl = (code: string) => `${window.location.origin}/live/${code}`;

/** The lobby's big card: the address, the code in huge type, and the QR code. */
export function LobbyJoinCard({ code }: { code: string }) {
  const t = useT();
  return (
    <div className="live-host__join-card">
      <p>{t('live.host.joinAt', { host: joinAddress() })}</p>
      <h1
        id="live-code"
        className="live-host__code"
        aria-label={t('live.host.codeLabel', { code: code.split('').join(' ') })}
      >
        {code}
      </h1>
      <JoinQrCode url={joinUrl(code)} />
      <p className="live-muted">{joinUrl(code)}</p>
    </div>
  );
}

/**
 * During the game, a corner of the screen keeps the way in open for late joiners: the full
 * address, the code and a QR code; or, once the host has locked the room, that it is locked.
 */
export function JoinHint({ code, locked }: { code: string; locked: boolean }) {
  const t = useT();
  if (locked) {
    return (
      <p className="live-host__join live-host__locked">
        <span aria-hidden="true">🔒 </span>
        {t('live.host.lockedHint')}
      </p>
    );
  }
  return (
    <div className="live-host__join">
      <JoinQrCode url={joinUrl(code)} small />
      <p>
        {t('live.host.joinAt', { host: joinAddress() })}{' '}
        <strong className="live-host__code-small">{code}</strong>
      </p>
    </div>
  );
}
