import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import {
  AutoComplete,
  Avatar,
  Badge,
  Button,
  Card,
  Checkbox,
  Col,
  ConfigProvider,
  DatePicker,
  Descriptions,
  Divider,
  Dropdown,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  List,
  Menu,
  Modal,
  Popconfirm,
  Result,
  Row,
  Select,
  Skeleton,
  Space,
  Spin,
  Switch,
  Tabs,
  Tag,
  Tooltip,
  Tree,
  Typography,
  theme,
} from 'antd';
import { Fragment, createElement as h } from 'react';
import { renderToString } from 'react-dom/server';

/**
 * The console's antd component styles, written once at build time into a stylesheet
 * (`antd-[hash].css`) instead of being generated in the browser on every page load. antd
 * makes each component's CSS at run time, the first time the component draws: on the data
 * access screen that was about a third of the first render's CPU. A style found in the
 * stylesheet (its cache path is listed in the `.data-ant-cssinjs-cache-path` rule that
 * `extractStyle` writes) is not made again; one that is not there is still made as before.
 *
 * The light theme, as the providers configure it (`motion` on); each component the console
 * uses is drawn once so that its style registers.
 */
export function antdStaticStyles(): string {
  // antd writes its production class names only when NODE_ENV says production.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    return extract();
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

function extract(): string {
  const cache = createCache();
  const samples = h(
    Fragment,
    null,
    h(AutoComplete, { options: [] }),
    h(Avatar, null, 'A'),
    h(Badge, { count: 1 }),
    h(Button, { type: 'primary' }, 'b'),
    h(Card, { title: 'c' }, 'c'),
    h(Checkbox, null, 'c'),
    h(Row, null, h(Col, { span: 12 }, 'c')),
    h(DatePicker.RangePicker),
    h(Descriptions, { items: [{ key: 'a', label: 'a', children: 'a' }] }),
    h(Divider),
    h(Dropdown, { menu: { items: [] } }, h('span', null, 'd')),
    h(Empty),
    h(Flex, null, 'f'),
    h(Form, null, h(Form.Item, { label: 'f', name: 'f' }, h(Input))),
    h(Input.Search),
    h(Input.Password),
    h(Input.TextArea),
    h(InputNumber),
    h(List, { dataSource: [] }),
    h(Menu, { mode: 'inline', items: [{ key: 'a', label: 'a', children: [{ key: 'b', label: 'b' }] }] }),
    h(Modal, { open: false }),
    h(Popconfirm, { title: 'p' }, h('span', null, 'p')),
    h(Result, { status: '403' }),
    h(Select, { options: [] }),
    h(Skeleton),
    h(Space, null, 's'),
    h(Spin),
    h(Switch),
    h(Tabs, { items: [{ key: 'a', label: 'a' }] }),
    h(Tag, null, 't'),
    h(Tooltip, { title: 't' }, h('span', null, 't')),
    h(Tree, { treeData: [] }),
    h(Typography.Text, null, 't'),
  );
  renderToString(
    h(
      StyleProvider,
      { cache },
      h(ConfigProvider, { theme: { algorithm: theme.defaultAlgorithm, token: { motion: true } } }, samples),
    ),
  );
  // The components' styles only: the theme's CSS variables are declared under a class named
  // with React's useId, which differs between this render and the browser's.
  return extractStyle(cache, { plain: true, types: 'style' });
}
