/**
 * An arrow that points along the reading direction: forward (→ in English, ← in Arabic) or back. Decorative: the
 * text beside it says where it leads.
 */
export function Arrow({ to }: { to: 'forward' | 'back' }) {
  return (
    <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
      {to === 'forward' ? '→' : '←'}
    </span>
  );
}
