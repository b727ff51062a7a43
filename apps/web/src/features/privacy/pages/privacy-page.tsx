// The privacy notice (DPDP Act 2023; docs/personal-data.md), /privacy in English and /hi/privacy in Hindi,
// rendered on the server and whole without JavaScript: what personal data the lab collects and why, who
// it is shared with, how long it is kept (from the server's configuration, in the page's language), consent
// and how to withdraw it, each right and where to use it, the grievance officer (from the lab's details)
// and the Data Protection Board. Versioned: consents name the version shown here. Its words are the
// catalogues' `privacy` section, sent with this page's data in its language only; the layout is
// privacy-notice.tsx.
import { localeOfPath } from '@lab/contract';
import { pageMessages } from '../../../shared/i18n/catalogues.server.ts';
import { makeLanguage } from '../../../shared/i18n/i18n.tsx';
import { loadNoticeFacts } from '../api/get-notice.ts';
import { PrivacyNotice } from './privacy-notice.tsx';
import type { Route } from './+types/privacy-page';

// The periods, and the notice's words (catalogues.server.ts)
export const loader = async (args: Route.LoaderArgs) => ({ facts: await loadNoticeFacts(args), messages: pageMessages(args, 'privacy') });

export const meta = ({ loaderData, location }: Route.MetaArgs) => {
  if (!loaderData) return [];
  const { t } = makeLanguage({ locale: localeOfPath(location.pathname), messages: loaderData.messages });
  return [{ title: t('privacy.meta.title') }, { name: 'description', content: t('privacy.meta.description') }];
};

export default function PrivacyPage({ loaderData: { facts } }: Route.ComponentProps) {
  return <PrivacyNotice facts={facts} />;
}
