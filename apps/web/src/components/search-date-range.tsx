import { DatePicker } from 'antd';

/**
 * The search bar's date range, a module of its own so the date picker and its calendar load
 * when Advanced Search first shows a date field rather than with every list screen.
 */
export default DatePicker.RangePicker;
