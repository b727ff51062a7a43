// The "Book Now" call to action of the service heroes.
import { Link } from 'react-router';
import { paths } from '@lab/contract';
import { buttonClass } from '../../../shared/ui/button-styles.ts';
import { ArrowRightIcon } from '../../../shared/ui/icons.tsx';

export function BookNowLink() {
  return (
    <Link to={paths.appointment} className={buttonClass.primary}>
      Book Now
      <ArrowRightIcon className="h-4 w-4" />
    </Link>
  );
}
