import {
  cloneElement,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

type TriggerProps = {
  ref?: Ref<HTMLElement>;
  onClick?: () => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
};

export type PopupState = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Puts focus back on the trigger, e.g. when a menu closes with focus inside it. */
  focusTrigger: () => void;
};

export type PopupOnDemandProps = {
  /** The control that opens the popup, given whether the popup is open. */
  trigger: (open: boolean) => ReactElement<TriggerProps>;
  /** The popup around the trigger: a Dropdown or Popconfirm driven by `state`. */
  popup: (trigger: ReactElement, state: PopupState) => ReactNode;
  /** Keys on the trigger that open the popup besides a click (Enter and Space click a button), e.g. ArrowDown. */
  opensOn?: readonly string[];
};

/**
 * A control whose popup (a row's Action menu, a Popconfirm) is mounted the first time it is
 * used. A table draws such a control on every row, and an idle antd Dropdown or Popconfirm
 * costs several times what its button does; until it is used only the button is drawn. The
 * first use mounts the popup closed and then opens it, as a click on a mounted one would, so
 * it takes focus (a menu's autoFocus) and gives it back as it always did.
 */
export function PopupOnDemand({ trigger, popup, opensOn = [] }: PopupOnDemandProps) {
  const [mounted, setMounted] = useState(false);
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLElement>(null);

  // The mounted popup draws its own trigger, which replaces the button that was used; focus
  // moves to it before the popup opens, where a click would have left it.
  useLayoutEffect(() => {
    if (!mounted) return;
    triggerRef.current?.focus();
    setOpen(true);
  }, [mounted]);

  const activate = () => (mounted ? setOpen(true) : setMounted(true));
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (open || !opensOn.includes(event.key)) return;
    event.preventDefault();
    activate();
  };
  const own = trigger(open);
  const button = cloneElement(own, {
    ref: triggerRef,
    onKeyDown: opensOn.length > 0 ? onKeyDown : own.props.onKeyDown,
    ...(mounted ? {} : { onClick: activate }),
  });
  if (!mounted) return button;
  return popup(button, {
    open,
    onOpenChange: setOpen,
    focusTrigger: () => triggerRef.current?.focus(),
  });
}
