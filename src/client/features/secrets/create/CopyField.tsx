import { CopyButton } from '../../../components/ui/CopyButton';
import { TextArea } from '../../../components/ui/Field';

/**
 * A read-only value with its copy button. A textarea that grows to its content, so a long link can be read
 * (and checked) in full even on a phone; focusing it selects all of it. Links and keys read left to right on a
 * right-to-left page too (`dir`, by default ltr); a text a person chose (a password) takes its own direction (auto).
 */
export function CopyField({
  label,
  value,
  copyLabel,
  dir = 'ltr',
}: {
  label: string;
  value: string;
  copyLabel: string;
  dir?: 'ltr' | 'auto';
}) {
  return (
    <div className="flex flex-col items-start gap-2 sm:flex-row sm:items-end">
      <div className="w-full min-w-0 flex-1">
        <TextArea
          label={label}
          value={value}
          readOnly
          dir={dir}
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
