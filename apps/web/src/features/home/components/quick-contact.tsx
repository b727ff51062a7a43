// The lab's phone and WhatsApp as two large buttons, where a patient on a phone looks first (the home
// page's hero, decision 061): plain links (tel: and wa.me), so they need no script and add no JS.
import { telHref, useFrameLabDetails } from '../../../shared/lib/lab-info.ts';
import { buttonStyle } from '../../../shared/ui/button-styles.ts';
import { useT } from '../../../shared/i18n/i18n.tsx';

export function QuickContact() {
  const lab = useFrameLabDetails();
  const t = useT();
  const phone = lab.phones[0];
  const whatsapp = lab.whatsapp.replace(/\D/g, '');
  if (!phone && !whatsapp) return null;
  return (
    <div className="mt-3 grid grid-cols-2 gap-3">
      {phone ? (
        <a href={telHref(phone)} className={buttonStyle('primary')}>
          {t('home.contact.call')}
        </a>
      ) : null}
      {whatsapp ? (
        <a href={`https://wa.me/${whatsapp}`} className={buttonStyle('secondary')}>
          {t('home.contact.whatsapp')}
        </a>
      ) : null}
    </div>
  );
}
