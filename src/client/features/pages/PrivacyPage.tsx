import { LegalPage, type LegalSection } from './LegalPage';

const SECTIONS: readonly LegalSection[] = [
  { id: 'neverSees', items: ['key', 'plaintext', 'password'] },
  { id: 'stored', items: ['ciphertext', 'verifiers', 'limits', 'ipRule', 'deleteToken', 'owner'] },
  { id: 'public' },
  { id: 'accounts' },
  { id: 'deletion' },
  { id: 'status', items: ['record', 'addresses', 'events', 'devices'] },
  { id: 'tracking', items: ['cookies', 'logs', 'rateLimit', 'analytics'] },
  { id: 'operator' },
];

export default function PrivacyPage() {
  return <LegalPage page="privacy" sections={SECTIONS} />;
}
