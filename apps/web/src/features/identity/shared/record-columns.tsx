import type { Group, Organization, Role } from '@gatehouse/contract';
import type { Column } from '@/components/data-table';
import { dateTimeColumn, statusColumn } from '@/components/list-screen/columns';
import { identityText } from './messages';

type NamedRecord = Pick<Group | Role | Organization, 'name' | 'code' | 'description'>;

/** The Name, Code and Description that groups, roles and organizations share. */
export function nameCodeColumns<Row extends NamedRecord>(): Column<Row>[] {
  return [
    {
      get title() {
        return identityText('name');
      },
      dataIndex: 'name',
      ellipsis: true,
    },
    {
      get title() {
        return identityText('code');
      },
      dataIndex: 'code',
      ellipsis: true,
    },
    {
      get title() {
        return identityText('description');
      },
      dataIndex: 'description',
      ellipsis: true,
    },
  ];
}

/**
 * The columns of a group, role or organization list: its name, code and description, what
 * the screen adds (`middle`), then Status and Created.
 */
export function recordColumns<Row extends NamedRecord & { status: string; createdDate: string }>(
  middle: Column<Row>[] = [],
): Column<Row>[] {
  return [
    ...nameCodeColumns<Row>(),
    ...middle,
    statusColumn<Row>(),
    {
      ...dateTimeColumn<Row>('', 'createdDate'),
      get title() {
        return identityText('created');
      },
    },
  ];
}
