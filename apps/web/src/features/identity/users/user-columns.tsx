import { Flex, Tag, type TableColumnsType } from 'antd';
import type { User } from '@gatehouse/contract';
import { dateTimeColumn, statusColumn } from '@/components/list-screen/columns';
import type { SearchField } from '@/components/search-bar';
import { CREATED_DATE_FIELD, STATUS_FIELD } from '@/components/list-screen/search-fields';

export const USER_SEARCH_FIELDS: SearchField[] = [
  { name: 'username', label: 'Username', type: 'text' },
  { name: 'name', label: 'Name', type: 'text' },
  { name: 'email', label: 'Email', type: 'text' },
  STATUS_FIELD,
  CREATED_DATE_FIELD,
];

/** The tag of a user who must choose a new password at the next sign-in. */
export const PASSWORD_CHANGE_DUE = 'Password change due';

/** The username, tagged when the user must choose a new password at the next sign-in. */
function renderUsername(username: string, user: User) {
  return (
    <Flex gap={4} align="center" wrap>
      <span>{username}</span>
      {user.mustChangePassword && <Tag color="orange">{PASSWORD_CHANGE_DUE}</Tag>}
    </Flex>
  );
}

/** Username, Name, Email, Phone, Status, Last sign-in and Created; empty cells show `--`. */
export const USER_COLUMNS: TableColumnsType<User> = [
  { title: 'Username', dataIndex: 'username', width: 170, render: renderUsername },
  { title: 'Name', dataIndex: 'name', ellipsis: true },
  { title: 'Email', dataIndex: 'email', ellipsis: true },
  { title: 'Phone', dataIndex: 'phone', ellipsis: true },
  statusColumn<User>(),
  dateTimeColumn<User>('Last sign-in', 'lastSignInDate'),
  dateTimeColumn<User>('Created', 'createdDate'),
];
