import Dropdown from 'antd/es/dropdown/dropdown';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import Search from 'antd/es/input/Search';
import Compact from 'antd/es/space/Compact';

/**
 * antd components on their own, without what antd's index attaches to them: its `Input` is an
 * object that carries TextArea, Search, OTP and Group along, its `Dropdown` carries the
 * deprecated Dropdown.Button and with it Space, and `Space` carries Compact and the other way
 * round. The screens on the way in (sign-in, unlock, a list) take what they show from here,
 * less than the whole objects (docs/performance.md).
 */
export {
  Compact as SpaceCompact,
  Dropdown,
  Input as TextInput,
  Password as PasswordInput,
  Search as SearchInput,
};
