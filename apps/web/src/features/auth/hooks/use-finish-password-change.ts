import { MESSAGES } from '@gatehouse/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useToast } from '@/components/use-toast';
import { PATHS } from '@/lib/paths';
import { clearSession } from '@/lib/session';

/** The server ends every session on a password change, so the console signs out too. */
export function useFinishPasswordChange(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  return () => {
    clearSession();
    queryClient.clear();
    navigate(PATHS.login, { replace: true });
    toast.success(MESSAGES.passwordChanged);
  };
}
