import { Component, type ComponentType, lazy, type ReactNode } from 'react';
import { Spinner } from './placeholders';
import './lazy-form.css';

/**
 * A screen's record form, loaded when it first opens: ListScreen draws the form only then, so
 * its code, the kit's dialog and antd's Modal and Form are not on the way
 * to the list. `load` imports the form's module and picks the component from it. Unlike
 * React's `lazy`, a load that fails is tried again the next time the form opens (a network
 * blip, or a console left open across an upgrade whose old files are gone).
 */
export function lazyForm<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  // React's lazy keeps a failed load, so a retry is a new lazy component, made when the form
  // is opened again (FormLoadBoundary) rather than on every render.
  const fresh = () =>
    lazy(() =>
      load().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          failedLoads.add(() => {
            current = fresh();
          });
          throw error;
        },
      ),
    );
  let current = fresh();
  function LazyForm(props: Props) {
    const Current = current;
    return <Current {...props} />;
  }
  return LazyForm;
}

/** How to try again each form whose load failed. */
const failedLoads = new Set<() => void>();

/** While a form loads: a spinner over the page, shown only if the load takes a moment. */
export function FormLoading({ label }: { label: string }) {
  return (
    <div className="gh-form-loading">
      <Spinner label={label} large />
    </div>
  );
}

type FormLoadBoundaryProps = {
  /** Whether the form is open; opening it again after a failure tries the load again. */
  open: boolean;
  onError: (error: unknown) => void;
  children: ReactNode;
};

/** Catches a form that could not load, so the screen and its other tabs stay. */
export class FormLoadBoundary extends Component<FormLoadBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }

  override componentDidUpdate(previous: FormLoadBoundaryProps) {
    if (this.state.failed && this.props.open && !previous.open) {
      for (const retry of failedLoads) retry();
      failedLoads.clear();
      this.setState({ failed: false });
    }
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
