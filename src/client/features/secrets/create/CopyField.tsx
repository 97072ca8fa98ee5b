import { CopyButton } from '../../../components/ui/CopyButton';
import { TextArea } from '../../../components/ui/Field';

/**
 * A read-only value with its copy button. A textarea that grows to its content, so a long link can be read
 * (and checked) in full even on a phone; focusing it selects all of it.
 */
export function CopyField({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  return (
    <div className="flex flex-col items-start gap-2 sm:flex-row sm:items-end">
      <div className="w-full min-w-0 flex-1">
        <TextArea
          label={label}
          value={value}
          readOnly
          rows={2}
          spellCheck={false}
          className="field-sizing-content resize-none break-all"
          onFocus={(event) => event.currentTarget.select()}
        />
      </div>
      <CopyButton value={value} label={copyLabel} className="shrink-0" />
    </div>
  );
}
