// A "Learn More" / "Show Less" disclosure: the button names its state, the panel below opens and closes.
// Each instance keeps its own state, so toggles on one page are independent.
import { type ReactNode, useId, useState } from 'react';
import { buttonClass } from '../../../shared/ui/button-styles.ts';
import { ChevronDownIcon } from '../../../shared/ui/icons.tsx';
import { useT } from '../../../shared/i18n/i18n.tsx';

export interface LearnMoreProps {
  children: ReactNode;
  /** id of the element naming what the button expands (e.g. its card's heading) */
  describedBy?: string;
  panelClassName?: string;
}

export function LearnMore({ children, describedBy, panelClassName = '' }: LearnMoreProps) {
  const [open, setOpen] = useState(false);
  const t = useT();
  const panelId = useId();
  return (
    <div>
      <div id={panelId} hidden={!open} className={panelClassName}>
        {children}
      </div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-describedby={describedBy}
        onClick={() => setOpen((o) => !o)}
        className={`${buttonClass.secondary} mt-4`}
      >
        {open ? t('services.showLess') : t('services.learnMore')}
        <ChevronDownIcon className={`h-4 w-4 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`} />
      </button>
    </div>
  );
}
