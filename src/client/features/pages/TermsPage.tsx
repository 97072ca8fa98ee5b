import { LegalPage, type LegalSection } from './LegalPage';

const SECTIONS: readonly LegalSection[] = [
  { id: 'service' },
  { id: 'use', items: ['illegal', 'malware', 'rights', 'abuse'] },
  { id: 'public' },
  { id: 'warranty' },
  { id: 'operator' },
];

export default function TermsPage() {
  return <LegalPage page="terms" sections={SECTIONS} />;
}
