#pragma once
// Many Qt Test cases in one executable (one per area of tests/), each still its own CTest test.
//
// Compiling ~220 test programs one by one paid for the same headers, template instantiations and
// link ~220 times; an area's tests now build as one program from a few unity translation units
// (tests/CMakeLists.txt). Each test file keeps its own names inside `namespace tst_X { ... }` and
// ends with FRAMESMITH_TEST_MAIN(TestClass) (or _GUILESS_ / _APPLESS_), which registers what
// QTEST_MAIN would have run as main(). The runner picks the case by the name it is called by
// (bin/tst_X is a link to the runner) or by its first argument: `tests_backend_io
// tst_SafetensorsReader -v2`. A test file that keeps QTEST_MAIN (or its own main) builds as its own
// program, as before.
#include <QtTest/QtTest>

#include <string>
#include <vector>

namespace framesmith::test {

using TestMain = int (*)(int argc, char** argv);

class TestRegistry {
public:
    // `sourceFile` is the test's __FILE__: the case is named after it (tst_X.cpp -> "tst_X").
    static bool add(const char* sourceFile, TestMain main);
    static TestMain find(const std::string& name);
    static std::vector<std::string> names();
};

} // namespace framesmith::test

// What QTEST_MAIN_WRAPPER puts in main(), as a registered function.
#define FRAMESMITH_TEST_RUNNER(TestObject, ...)                                                         \
    int framesmithRunTest(int argc, char* argv[])                                                      \
    {                                                                                                  \
        QT_PREPEND_NAMESPACE(QTest::Internal::callInitMain)<TestObject>();                             \
        __VA_ARGS__                                                                                    \
        TestObject tc;                                                                                 \
        QTEST_SET_MAIN_SOURCE_PATH                                                                     \
        return QTest::qExec(&tc, argc, argv);                                                          \
    }                                                                                                  \
    [[maybe_unused]] const bool framesmithTestRegistered =                                             \
        framesmith::test::TestRegistry::add(__FILE__, &framesmithRunTest);

#define FRAMESMITH_TEST_MAIN(TestObject) FRAMESMITH_TEST_RUNNER(TestObject, QTEST_MAIN_SETUP())
#define FRAMESMITH_TEST_GUILESS_MAIN(TestObject) \
    FRAMESMITH_TEST_RUNNER(TestObject, QTEST_QAPP_SETUP(QCoreApplication))
#define FRAMESMITH_TEST_APPLESS_MAIN(TestObject) FRAMESMITH_TEST_RUNNER(TestObject)
