import { useQuery } from '@tanstack/react-query';
import type { AccessNeed } from '@/lib/access';
import { MembersPanel } from '../../shared/members-panel';
import { membersQueryOptions } from '../../users/api/list-users';
import { useSetOrganizationMembers } from '../api/set-organization-members';

export type OrganizationMembersProps = {
  organizationId: string;
  /** What adding and removing members need (spec §6). */
  need: AccessNeed;
};

/** The users who belong to an organization; one added here leaves their previous organization. */
export function OrganizationMembers({ organizationId, need }: OrganizationMembersProps) {
  const members = useQuery(membersQueryOptions({ organizationId }));
  const save = useSetOrganizationMembers();
  return (
    <MembersPanel
      members={members.data}
      loading={members.isFetching}
      failed={members.isError}
      onRetry={() => members.refetch()}
      onSave={(userIds) => save.mutateAsync({ organizationId, userIds })}
      need={need}
      of="organization"
    />
  );
}
