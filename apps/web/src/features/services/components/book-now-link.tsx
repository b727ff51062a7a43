// The "Book Now" call to action of the service heroes.
import { Link } from 'react-router';
import { paths } from '@lab/contract';
import { buttonClass } from '../../../shared/ui/button-styles.ts';
import { ArrowRightIcon } from '../../../shared/ui/icons.tsx';
import { useT } from '../../../shared/i18n/i18n.tsx';

export function BookNowLink() {
  const t = useT();
  return (
    <Link to={paths.appointment} className={buttonClass.primary}>
      {t('services.bookNow')}
      <ArrowRightIcon className="h-4 w-4" />
    </Link>
  );
}
