import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

type SearchDateRangeProps = {
  /** The ids of the two inputs, for the labels that name them. */
  id: { start: string; end: string };
  /** How the days read in the inputs and in the URL, such as YYYY/MM/DD. */
  format: string;
  placeholder: [string, string];
  /** The first and last day as the URL holds them; empty or unreadable is no bound. */
  from: string;
  to: string;
  onChange: (from: string | undefined, to: string | undefined) => void;
};

function parseDay(text: string, format: string): Dayjs | null {
  if (!text) return null;
  const day = dayjs(text, format, true);
  return day.isValid() ? day : null;
}

/**
 * The search bar's date range, a module of its own so the date picker, its calendar and dayjs
 * load when Advanced Search first shows a date field rather than with every list screen.
 */
export default function SearchDateRange({
  id,
  format,
  placeholder,
  from,
  to,
  onChange,
}: SearchDateRangeProps) {
  return (
    <DatePicker.RangePicker
      id={id}
      style={{ width: '100%' }}
      format={format}
      placeholder={placeholder}
      allowEmpty={[true, true]}
      value={[parseDay(from, format), parseDay(to, format)]}
      onChange={(days) => onChange(days?.[0]?.format(format), days?.[1]?.format(format))}
    />
  );
}
