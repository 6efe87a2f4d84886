import type { Plugin } from 'vite';

/*
 * Three places where antd, as published, brings code to every page that the console never
 * runs. Each is narrowed at build time, so that the sign-in page and the way to a list do not
 * carry it (issue 11's size budget).
 */

/**
 * antd's own packages that do not say in their package.json that they are free of side
 * effects, though they are: no module of theirs is imported for its effect, and none changes
 * anything outside itself when it loads. Unsaid, the bundler keeps every module such a
 * package's index names. @rc-component/picker is left out whole: its dayjs adapter extends
 * dayjs when it loads.
 */
export const ANTD_PURE_PACKAGES =
  /[\\/]node_modules[\\/](@rc-component[\\/](?!picker[\\/])|@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color)[\\/])/;

const FORM_CONTEXT = /[\\/]node_modules[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/;

/**
 * antd's ConfigProvider hands the locale's validation messages to rc-form through rc-form's
 * FormProvider, which antd's form context imports from rc-form's index. That index builds its
 * Form object with every part attached (Field, List, useForm and the validator), so every page
 * loaded the whole form engine, some 14 KiB gzipped, whether it had a form or not. This points
 * that one import at the module that defines FormProvider, the same module rc-form's own Form
 * reads it from; the engine comes with the first antd Form.
 */
export function formProviderAlone(): Plugin {
  return {
    name: 'gatehouse:form-provider-alone',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '@rc-component/form' || !importer || !FORM_CONTEXT.test(importer)) return null;
      return this.resolve('@rc-component/form/es/FormContext.js', importer, { skipSelf: true });
    },
  };
}

const CONFIG_PROVIDER = /[\\/]node_modules[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/;
const NO_UNIQUE_TOOLTIPS = '\0gatehouse:no-unique-tooltips';

/**
 * antd's ConfigProvider wraps the page in a provider of "unique" tooltips (one popup that
 * moves between triggers) when it is configured with `tooltip.unique`, which the console does
 * not set. The import is unconditional, so that provider and the popup engine under it (some
 * 8 KiB gzipped) came with every page, the sign-in page among them, which shows no tooltip.
 * In its place goes a component that says so, should anyone set `tooltip.unique`.
 */
export function noUniqueTooltips(): Plugin {
  return {
    name: 'gatehouse:no-unique-tooltips',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '../tooltip/UniqueProvider' || !importer || !CONFIG_PROVIDER.test(importer)) return null;
      return NO_UNIQUE_TOOLTIPS;
    },
    load(id) {
      if (id !== NO_UNIQUE_TOOLTIPS) return null;
      return `export default function UniqueProvider() {
  throw new Error("ConfigProvider's tooltip.unique is left out of the console's build (apps/web/build/antd-narrowing.ts)");
}`;
    },
  };
}
