import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import Search from 'antd/es/input/Search';

/**
 * antd's text, password and search inputs, each on its own. `Input` from antd's index is an
 * object that carries TextArea, Search, OTP and Group along with it (some 4 KiB gzipped), so
 * the screens on the way in (sign-in, unlock, a list) take the one they show from here.
 */
export { Input as TextInput, Password as PasswordInput, Search as SearchInput };
